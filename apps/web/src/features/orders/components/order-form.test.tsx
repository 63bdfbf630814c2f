import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Order } from '@cacifo/contract/schemas/orders';
import { initI18n } from '@/lib/i18n';
import { startSession } from '@/lib/session';
import { OrderForm } from './order-form';

/** The bodies the form sent; each answered as a saved order. */
function stubServer() {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push(body);
      return Promise.resolve(
        new Response(JSON.stringify({ ResultCode: 1, Data: { id: 7, ...body }, Description: '' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return sent;
}

function renderForm(order?: Order) {
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
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderForm order={order} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

const type = async (testId: string, value: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
};

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The first render loads antd's form and every text: slow on a busy two-core machine, not wrong.
describe('order form: the recipient’s name and language (issue #33)', { timeout: 60_000 }, () => {
  it('a new order sends the name and the chosen language', async () => {
    const sent = stubServer();
    const onSaved = renderForm();
    await type('order-packageId', 'SGPT000999001');
    await type('order-recipientName', 'Ana Sousa');
    await type('order-recipientPhone', '912345678');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'English' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-save'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({
      packageId: 'SGPT000999001',
      recipientName: 'Ana Sousa',
      recipientLanguage: 'en',
    });
  });

  it('no language chosen sends none (the service’s default); an edit keeps the name and language it had', async () => {
    const sent = stubServer();
    const onSaved = renderForm();
    await type('order-packageId', 'SGPT000999002');
    await type('order-recipientPhone', '912345678');
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-save'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]!.recipientLanguage).toBeNull();
    cleanup();

    const order = {
      id: 9,
      packageId: 'SGPT000999003',
      recipientName: 'John Smith',
      recipientPhone: '912345678',
      recipientNumber: '',
      recipientEmail: '',
      recipientLanguage: 'fr',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as unknown as Order;
    const edited = renderForm(order);
    expect((screen.getByTestId('order-recipientName') as HTMLInputElement).value).toBe('John Smith');
    expect((screen.getByRole('radio', { name: 'Français' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByTestId('order-save'));
    });
    await waitFor(() => expect(edited).toHaveBeenCalled());
    expect(sent[1]).toMatchObject({ id: 9, recipientName: 'John Smith', recipientLanguage: 'fr' });
  });
});
