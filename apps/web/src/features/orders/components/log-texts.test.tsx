import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { orderActions } from '@cacifo/contract/codes/order';
import type { OrderLog } from '@cacifo/contract/schemas/orders';
import { i18n, initI18n, setLanguage } from '@/lib/i18n';
import { LogAction } from './log-texts';

const log = (action: string) => ({ action, fromState: 1, state: 2, description: null }) as OrderLog;

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);
afterAll(async () => {
  await setLanguage('pt');
});

/** The order history names every action of the contract's table in words (issue #33), never its code. */
describe('order history action labels', () => {
  it.each(['pt', 'en'] as const)('every action has its own text in %s', async (language) => {
    await setLanguage(language);
    const seen = new Set<string>();
    for (const action of [...orderActions, 'create']) {
      expect(i18n.exists(`orders.logAction.${action}`), `${language}: ${action}`).toBe(true);
      const { container } = render(<LogAction log={log(action)} />);
      const text = container.textContent ?? '';
      expect(text, `${language}: ${action}`).not.toBe(action);
      seen.add(text);
      cleanup();
    }
    // Two actions never read the same.
    expect(seen.size).toBe(orderActions.length + 1);
  });

  it('the actions of returns read as such', async () => {
    await setLanguage('pt');
    const texts = ['expire', 'openForReturn', 'returnClosed'].map(
      (a) => render(<LogAction log={log(a)} />).container.textContent,
    );
    expect(texts).toEqual([
      'Expirada: prazo de levantamento terminado',
      'Porta aberta para devolução',
      'Porta fechada: encomenda devolvida',
    ]);
  });
});
