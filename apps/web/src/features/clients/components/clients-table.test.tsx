import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Client } from '@cacifo/contract/schemas/clients';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { ClientFormModal } from './client-form-modal';
import { ClientsTable } from './clients-table';

const CLIENT: Client = {
  id: 7,
  name: 'Transportadora Norte',
  enabled: true,
  retentionDays: 90,
  nameClash: false,
  placeIds: [3],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const CLASHED: Client = { ...CLIENT, id: 8, name: 'loja a', enabled: false, nameClash: true, placeIds: [] };

const reply = (data: unknown) =>
  new Response(JSON.stringify({ ResultCode: 1, Data: data, Description: '' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** fetch answering the delivery places and any client write (echoing the client); records the writes. */
function mockServer() {
  const writes: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/julian/deliveryLockers'))
        return Promise.resolve(reply([{ id: 3, name: 'Parede Centro', availableLockers: {} }]));
      if (url.startsWith('/api/admin/clients')) {
        writes.push({
          url,
          method: init?.method ?? 'GET',
          body: init?.body ? JSON.parse(String(init.body)) : null,
        });
        return Promise.resolve(reply(CLIENT));
      }
      return Promise.resolve(reply(null));
    }),
  );
  return writes;
}

function renderWith(node: ReactNode) {
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
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Administration > Clients (issue #31)', () => {
  it('shows each client with its marks and granted locations, and disables one with its switch', async () => {
    const writes = mockServer();
    renderWith(
      <ClientsTable clients={[CLIENT, CLASHED]} loading={false} onEdit={() => {}} onGrants={() => {}} />,
    );
    const table = screen.getByTestId('clients-table');
    await waitFor(() => expect(table.textContent).toContain('Parede Centro'));
    expect(table.textContent).toContain('Desativado');
    expect(table.textContent).toContain('Nome repetido');
    expect(table.textContent).toContain('Nenhum local');
    fireEvent.click(screen.getByRole('switch', { name: 'Transportadora Norte ativo' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      url: '/api/admin/clients/7',
      method: 'PATCH',
      body: { enabled: false, updatedAt: CLIENT.updatedAt },
    });
  });

  it('renames a client and sets its retention through PATCH', async () => {
    const writes = mockServer();
    const onClose = vi.fn();
    renderWith(<ClientFormModal open client={CLIENT} onClose={onClose} />);
    const name = await screen.findByTestId('client-name');
    fireEvent.change(name, { target: { value: 'Transportadora Norte SA' } });
    fireEvent.change(screen.getByTestId('client-retention'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes[0]).toMatchObject({
      url: '/api/admin/clients/7',
      method: 'PATCH',
      body: { name: 'Transportadora Norte SA', retentionDays: 30, updatedAt: CLIENT.updatedAt },
    });
  });
});
