import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WallConflict } from '@cacifo/contract/endpoints/wall';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { WallConflictsCard } from './wall-conflicts-card';

const CONFLICT: WallConflict = {
  placeId: 4,
  boot: 'b1',
  seq: 7,
  type: 'deposit',
  controllerAt: '2026-11-27T10:15:00.000Z',
  receivedAt: '2026-11-27T10:20:00.000Z',
  wall: { door: 3, packageId: 'SGPT0042' },
  server: { reason: 'notToDeposit', packageId: 'SGPT0042', state: 99 },
};

const reply = (data: unknown) =>
  new Response(JSON.stringify({ ResultCode: 1, Data: data, Description: '' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function serve(conflicts: WallConflict[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (url.startsWith('/api/julian/wall/conflicts')) return Promise.resolve(reply({ conflicts }));
      if (url.startsWith('/api/julian/places'))
        return Promise.resolve(reply({ places: [{ id: 4, name: 'Parede Sul' }], totalPlaces: 1 }));
      return Promise.resolve(reply(null));
    }),
  );
  startSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    username: 'u',
    name: 'U',
    userRole: 'admin',
    assignedStore: null,
    modules: ['office', 'delivery', 'assets', 'marketplace'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WallConflictsCard />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('wall conflicts on the alerts screen (issue #32)', () => {
  it('shows what the wall did and what the server held, side by side, where operators look', async () => {
    serve([CONFLICT]);
    const card = await screen.findByTestId('wall-conflicts');
    expect(card.textContent).toContain('Conflitos das paredes');
    expect(await screen.findByText('Parede Sul')).toBeTruthy();
    const row = card.querySelector('tr[data-row-key]')!;
    expect(row.textContent).toContain('Depósito');
    expect(row.textContent).toContain('Porta 3');
    expect(row.textContent).toContain('A encomenda já não esperava depósito');
    expect(row.textContent).toContain('SGPT0042');
  });

  it('names a reason it has no words for by its code', async () => {
    serve([{ ...CONFLICT, server: { reason: 'somethingNew' } }]);
    expect((await screen.findByTestId('wall-conflicts')).textContent).toContain('Conflito (somethingNew)');
  });
});
