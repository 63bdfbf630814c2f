import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { initReactI18next } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { FeedbackHost } from '@/lib/feedback';
import { i18n } from '@/lib/i18n';
import { createMutationCache } from '@/lib/mutation-feedback';
import { DeleteButton } from './delete-button';

interface Server {
  calls: number;
  answer: (outcome: 'ok' | ApiError) => void;
}

/** A row's delete on the real mutation cache: the request waits until the test answers it. */
function renderDelete(): Server {
  const server: Server = { calls: 0, answer: () => {} };
  const client = new QueryClient({ mutationCache: createMutationCache() });
  function Harness() {
    const remove = useMutation({
      mutationFn: (_id: number) => {
        server.calls += 1;
        return new Promise<string>((resolve, reject) => {
          server.answer = (outcome) => (outcome === 'ok' ? resolve('ok') : reject(outcome));
        });
      },
      meta: { success: 'marketplace.saved.voucherDeleted', error: 'marketplace.errors.voucherDelete' },
    });
    return (
      <DeleteButton
        name="VERAO10"
        onDelete={() => remove.mutateAsync(7)}
        pending={remove.isPending}
        testId="del"
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <App>
        <FeedbackHost />
        <Harness />
      </App>
    </QueryClientProvider>,
  );
  return server;
}

const flush = () => act(async () => new Promise((r) => setTimeout(r, 20)));
const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
    await new Promise((r) => setTimeout(r, 0));
  });

beforeAll(async () => {
  // No texts loaded: a text is its key, which is what the tests look for.
  await i18n.use(initReactI18next).init({ lng: 'pt', resources: { pt: { translation: {} } } });
  // jsdom has no ResizeObserver; antd's popover measures itself with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(cleanup);

describe('DeleteButton', { timeout: 30_000 }, () => {
  it('asks once naming what goes, sends one request, waits while it runs, says a refusal once', async () => {
    const server = renderDelete();
    await click(screen.getByTestId('del'));
    expect(server.calls).toBe(0);
    expect(document.body.textContent).toContain('list.delete.title');
    const ok = await screen.findByTestId('del-ok');
    await click(ok);
    await click(ok);
    expect(server.calls).toBe(1);
    await flush();
    expect(screen.getByTestId('del').className).toContain('ant-btn-loading');
    await act(async () => server.answer(new ApiError('voucherInUse', 422)));
    await flush();
    expect(screen.getByTestId('del').className).not.toContain('ant-btn-loading');
    const said = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(said.filter((t) => t?.startsWith('marketplace.errors.voucherDelete'))).toHaveLength(1);
  });
});
