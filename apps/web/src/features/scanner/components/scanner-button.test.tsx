import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AccountRole } from '@cacifo/contract';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { ScannerButton } from './scanner-button';

function mockHealth(scanner: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ ResultCode: 1, Data: { features: { scanner, scannerVersion: 2 }, modules: [] } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    ),
  );
}

function renderButton(role: AccountRole) {
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
        <ScannerButton />
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

describe('navbar scanner icons', () => {
  it.each([
    ['both', ['scanner-open-barcode', 'scanner-open-qrcode']],
    ['barcode', ['scanner-open-barcode']],
    ['qrcode', ['scanner-open-qrcode']],
  ])('flag %s shows %j', async (flag, ids) => {
    mockHealth(flag);
    renderButton('admin');
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(ids.length));
    for (const id of ids) expect(screen.getByTestId(id)).toBeTruthy();
  });

  it('flag none shows nothing', async () => {
    mockHealth('none');
    const { container } = renderButton('admin');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelectorAll('button')).toHaveLength(0);
  });

  it('couriers and stores have it; editors, security and importers do not', async () => {
    for (const role of ['courier', 'store'] as const) {
      mockHealth('barcode');
      renderButton(role);
      await waitFor(() => expect(screen.getByTestId('scanner-open-barcode')).toBeTruthy());
      cleanup();
    }
    for (const role of ['editor', 'security', 'cacifo_importer'] as const) {
      mockHealth('both');
      const { container } = renderButton(role);
      await new Promise((r) => setTimeout(r, 50));
      expect(container.querySelectorAll('button')).toHaveLength(0);
      cleanup();
    }
  });
});
