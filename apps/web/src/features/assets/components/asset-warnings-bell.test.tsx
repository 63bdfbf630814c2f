import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AccountRole } from '@cacifo/contract';
import type { AssetWarning } from '@cacifo/contract/schemas/assets';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { AssetWarningsBell } from './asset-warnings-bell';

const WARNING: AssetWarning = {
  assetId: 42,
  assetName: 'MacBook Pro Design',
  tag: 'E280-1',
  kind: 'shouldBeDetected',
  status: 4,
  tagStatus: 0,
  since: '2026-11-21T10:00:00.000Z',
  lockerId: 9,
  doorNumber: 9,
  placeName: 'Sede',
};

function reply(data: unknown, status = 200, resultCode = 1) {
  return new Response(
    JSON.stringify({ ResultCode: resultCode, Data: data, Description: resultCode ? '' : 'internalError' }),
    {
      status,
      headers: { 'content-type': 'application/json' },
    },
  );
}

/** fetch answering /api/health with the flag and the warnings call with `warnings` (or a 500). */
function mockServer(flag: boolean, warnings: AssetWarning[] | 'fail') {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      if (url.startsWith('/api/health'))
        return Promise.resolve(reply({ features: { assetWarnings: flag }, modules: [] }));
      if (url.startsWith('/api/asset/assetWarnings'))
        return Promise.resolve(warnings === 'fail' ? reply(null, 500, 0) : reply(warnings));
      return Promise.resolve(reply(null, 404, 0));
    }),
  );
  return calls;
}

function renderBell(role: AccountRole) {
  startSession({
    accessToken: 'token',
    refreshToken: 'refresh',
    expiresAt: Date.now() + 3_600_000,
    username: 'u',
    name: 'U',
    userRole: role,
    assignedStore: null,
    modules: ['office', 'delivery', 'assets', 'marketplace'],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AssetWarningsBell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
  // jsdom has no ResizeObserver; antd's popover measures itself with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AssetWarningsBell (SPEC §6, §8, §9)', () => {
  it('lists each warning with a link to its asset, for an admin with the flag on', async () => {
    mockServer(true, [WARNING]);
    renderBell('admin');
    const bell = await screen.findByTestId('asset-bell');
    await waitFor(() => expect(document.querySelector('.ant-badge')?.textContent).toContain('1'));
    fireEvent.click(bell);
    const item = await screen.findByTestId('asset-bell-item-42');
    expect(item.getAttribute('href')).toBe('/assets/details/42');
    expect(item.textContent).toContain('MacBook Pro Design');
    expect(item.textContent).toContain('Etiqueta em falta');
  });

  it("says 'error fetching notifications' when the call fails", async () => {
    mockServer(true, 'fail');
    renderBell('admin');
    fireEvent.click(await screen.findByTestId('asset-bell'));
    expect((await screen.findByTestId('asset-bell-error')).textContent).toBe('Erro ao obter notificações');
  });

  it('is hidden from editors and when the feature flag is off, without calling the warnings', async () => {
    const calls = mockServer(true, [WARNING]);
    const { container } = renderBell('editor');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.innerHTML).toBe('');
    cleanup();
    const calls2 = mockServer(false, [WARNING]);
    const second = renderBell('admin');
    await waitFor(() => expect(calls2.some((u) => u.startsWith('/api/health'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(second.container.innerHTML).toBe('');
    expect([...calls, ...calls2].some((u) => u.startsWith('/api/asset/assetWarnings'))).toBe(false);
  });
});
