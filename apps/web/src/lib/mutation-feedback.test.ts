import { QueryClient } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import {
  createMutationCache,
  ownFailureText,
  saidByMutationCache,
  type MutationFeedback,
} from './mutation-feedback';

const said = vi.hoisted(() => [] as [string, string][]);
vi.mock('./feedback', () => ({
  say: (kind: string, text: string) => said.push([kind, text]),
  ask: () => undefined,
}));

/**
 * A lost race (409 staleVersion, docs/adr/0027) is said by the MutationCache's reload dialog. A
 * screen that shows its own failures (a message, an Alert, a text under a field) asks
 * `ownFailureText`, so the conflict is said once and every other failure still is.
 */
describe('one message for a save refused as stale', () => {
  it('staleVersion is the dialog only; every other failure is the screen to say', () => {
    const stale = new ApiError('staleVersion', 409);
    expect(saidByMutationCache(stale)).toBe(true);
    expect(ownFailureText(stale)).toBeNull();
    const taken = new ApiError('userExists', 409);
    expect(saidByMutationCache(taken)).toBe(false);
    expect(ownFailureText(taken)).toBe(taken.message);
    expect(ownFailureText(new Error('network'))).toEqual(expect.any(String));
  });
});

/** Runs one mutation through the cache, as `useMutation` would, and returns what was said. */
async function run(meta: MutationFeedback, variables: object, fail: unknown = null) {
  said.length = 0;
  const client = new QueryClient({ mutationCache: createMutationCache() });
  const mutation = client.getMutationCache().build(client, {
    mutationFn: () => (fail ? Promise.reject(fail) : Promise.resolve({})),
    meta,
  });
  await mutation.execute(variables).catch(() => undefined);
  return said.slice();
}

describe('what a mutation says is chosen from its variables', () => {
  // No texts loaded: a message says its key, which is what the test looks for. The keys are made
  // up, so no real text can stand in for one: they are cast (`as never`) past the typed keys.
  beforeAll(() => i18n.init({ lng: 'pt', resources: { pt: { translation: {} } } }));

  it('the failure prefix and a code text may depend on the variables; a sentence is not colon-joined', async () => {
    const meta: MutationFeedback = {
      success: (_d: unknown, v: { name: string }) => ['common.x', { name: v.name }] as never,
      error: (v: { name: string }) => `failure.${v.name}` as never,
      codes: { doorOpenFailed: (v: { name: string }) => `failure.${v.name}` as never },
    };
    expect(await run(meta, { name: 'store' })).toEqual([['success', 'common.x']]);
    const jam = await run(meta, { name: 'store' }, new ApiError('doorJammed', 409));
    expect(jam).toHaveLength(1);
    expect(jam[0]![1]).toMatch(/^failure\.store: /);
    expect(await run(meta, { name: 'store' }, new ApiError('doorOpenFailed', 409))).toEqual([
      ['error', 'failure.store'],
    ]);
    expect(await run({ error: () => false }, {}, new ApiError('doorJammed', 409))).toEqual([]);
  });

  it('a report in parts is one message, a warning when partial; a code may read the refusal or be left to the screen', async () => {
    const meta: MutationFeedback = {
      success: (r: { failed: number }) => ({
        parts: ['mode.done', ['mode.doors', { n: 1 }]] as never,
        partial: r.failed > 0,
      }),
      codes: {
        doorJammed: (_v: unknown, e: ApiError) => ['door.failedBecause', { why: String(e.data) }] as never,
        tooManyAttempts: false,
      },
    };
    said.length = 0;
    const client = new QueryClient({ mutationCache: createMutationCache() });
    const ok = (failed: number) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.resolve({ failed }), meta })
        .execute({});
    await ok(0);
    await ok(2);
    expect(said).toEqual([
      ['success', 'mode.done mode.doors'],
      ['warning', 'mode.done mode.doors'],
    ]);
    expect(await run(meta, {}, new ApiError('doorJammed', 409, 'jammed'))).toEqual([
      ['error', 'door.failedBecause'],
    ]);
    expect(await run(meta, {}, new ApiError('tooManyAttempts', 429))).toEqual([]);
  });
});
