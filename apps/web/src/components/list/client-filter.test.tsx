import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Client } from '@cacifo/contract/schemas/clients';
import { initI18n, setLanguage } from '@/lib/i18n';
import { ClientFilter } from './client-filter';

const client = (id: number, name: string, enabled: boolean): Client => ({
  id,
  name,
  enabled,
  retentionDays: 90,
  nameClash: false,
  placeIds: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
// Out of order on purpose: the filter lists enabled clients first, each group by name.
const CLIENTS = [
  client(3, 'Transportes Zeta', true),
  client(7, 'Loja Antiga', false),
  client(5, 'Correio Alfa', true),
];

function serveClients() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const data = url.startsWith('/api/admin/clients') ? { clients: CLIENTS } : null;
      return Promise.resolve(
        new Response(JSON.stringify({ ResultCode: 1, Data: data, Description: '' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

/** Renders the filter, opens its list and answers the options' labels as shown. */
async function openFilter(by: 'name' | 'id', onChange: (v: unknown) => void) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      {by === 'name' ? (
        <ClientFilter by="name" value={undefined} onChange={onChange} testId="f" />
      ) : (
        <ClientFilter by="id" value={undefined} onChange={onChange} testId="f" />
      )}
    </QueryClientProvider>,
  );
  const select = screen.getByTestId('f');
  await waitFor(() => expect(select.querySelector('.ant-select-loading')).toBeNull());
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  await screen.findByTestId('f-option-3');
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientFilter (issue #31)', () => {
  it('lists the clients from Administration > Clients, a disabled one marked, in Portuguese', async () => {
    await act(() => setLanguage('pt'));
    const calls = serveClients();
    const labels = await openFilter('name', () => {});
    expect(labels).toEqual(['Correio Alfa', 'Transportes Zeta', 'Loja Antiga (desativado)']);
    expect(calls.filter((u) => u.startsWith('/api/admin/clients'))).toHaveLength(1);
    expect(screen.getByLabelText('Cliente')).toBeTruthy();
  });

  it('marks a disabled client in English and answers the chosen name', async () => {
    await act(() => setLanguage('en'));
    serveClients();
    const onChange = vi.fn();
    const labels = await openFilter('name', onChange);
    expect(labels).toContain('Loja Antiga (disabled)');
    fireEvent.click(screen.getByTestId('f-option-5'));
    expect(onChange).toHaveBeenCalledWith('Correio Alfa');
  });

  it("answers the client's id where the list filters by id (the monthly usage)", async () => {
    serveClients();
    const onChange = vi.fn();
    await openFilter('id', onChange);
    fireEvent.click(screen.getByTestId('f-option-7'));
    expect(onChange).toHaveBeenCalledWith(7);
  });
});
