import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { ownFailureText, saidByMutationCache } from './mutation-feedback';

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
