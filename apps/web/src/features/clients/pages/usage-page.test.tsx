import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AccountRole } from '@cacifo/contract';
import type { Usage } from '@cacifo/contract/schemas/clients';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import UsagePage from './usage-page';

const USAGE: Usage = {
  clientId: 4,
  clientName: 'Loja Uso',
  month: '2026-10',
  rows: [
    {
      placeId: 3,
      placeName: 'Parede Centro',
      deposits: 12,
      pickups: 9,
      expired: 2,
      returned: 1,
      averageDwellHours: 5.5,
    },
  ],
};

const reply = (data: unknown) =>
  new Response(JSON.stringify({ ResultCode: 1, Data: data, Description: '' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function mockServer() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      if (url.startsWith('/api/delivery/usage')) return Promise.resolve(reply(USAGE));
      if (url.startsWith('/api/admin/clients')) return Promise.resolve(reply({ clients: [] }));
      return Promise.resolve(reply(null));
    }),
  );
  return calls;
}

function renderAs(role: AccountRole) {
  startSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    username: 'u',
    name: 'U',
    userRole: role,
    assignedStore: role === 'store' ? 'Loja Uso' : null,
    modules: ['office', 'delivery', 'assets', 'marketplace'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UsagePage />
      </MemoryRouter>
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

describe('Monthly usage (issue #31)', () => {
  it("shows a client's admin its own month per location, without a client choice", async () => {
    const calls = mockServer();
    renderAs('store');
    const table = screen.getByTestId('usage-table');
    await waitFor(() => expect(table.textContent).toContain('Parede Centro'));
    expect(table.textContent).toContain('5.5');
    expect(screen.queryByTestId('usage-client')).toBeNull();
    expect(calls.find((u) => u.startsWith('/api/delivery/usage'))).toMatch(/month=\d{4}-\d{2}/);
    expect(calls.some((u) => u.startsWith('/api/admin/clients'))).toBe(false);
  });

  it('asks the operator to choose the client before reading any usage', async () => {
    const calls = mockServer();
    renderAs('admin');
    expect(await screen.findByTestId('usage-client')).toBeTruthy();
    await waitFor(() => expect(calls.some((u) => u.startsWith('/api/admin/clients'))).toBe(true));
    expect(calls.some((u) => u.startsWith('/api/delivery/usage'))).toBe(false);
  });
});
