import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { AdminsPage, FaqsPage } from '../pages/admin-pages';
import { ACCOUNTS } from '../support/accounts';
import { apiUrlMatcher, callApi, signIn } from '../support/api';
import { staffPin } from '../support/pins';

test.describe('FAQs', () => {
  test('add, drag to reorder, save the order, delete, and read them back', async ({ page }) => {
    const suffix = Date.now() % 100000;
    const [a, b, c] = ['A', 'B', 'C'].map((l) => `Pergunta ${l} ${suffix}?`) as [string, string, string];
    const faqs = new FaqsPage(page);
    // French has no demo FAQs; a retry may still find an earlier attempt's, so only this run's count.
    const mine = async () => (await faqs.questions()).filter((q) => q.endsWith(`${suffix}?`));
    await signIn(page, ACCOUNTS.admin, '/admins/faqs?language=fr');
    await faqs.goto('fr');

    for (const q of [a, b, c]) await faqs.add(q, `Resposta a ${q}`);
    await expect.poll(mine).toEqual([a, b, c]);

    await faqs.drag(c, a);
    await expect.poll(mine).toEqual([c, a, b]);
    await expect(faqs.saveOrder).toBeEnabled();
    // The toast lives three seconds: wait for the save's answer first, then look for it at once.
    const saved = page.waitForResponse((r) => apiUrlMatcher(API.content.reorderFaqs)(r.url()));
    await faqs.saveOrder.click();
    expect((await saved).ok()).toBe(true);
    await expect(faqs.toast().filter({ hasText: /Ordem guardada/ })).toBeVisible();
    await expect(faqs.saveOrder).toBeDisabled();

    await page.reload();
    await expect.poll(mine).toEqual([c, a, b]);

    await faqs.remove(a);
    await expect.poll(mine).toEqual([c, b]);
    await page.reload();
    await expect.poll(mine).toEqual([c, b]);

    // The public read the kiosks use gives the same order.
    const res = await callApi(page.request, null, API.content.publicFaqs, { params: { language: 'fr' } });
    const data = res.body.Data;
    expect(data.map((f) => f.question).filter((q) => q.endsWith(`${suffix}?`))).toEqual([c, b]);
    // Other languages are untouched.
    const pt = (await callApi(page.request, null, API.content.publicFaqs, { params: { language: 'pt' } }))
      .body.Data;
    expect(pt.map((f) => f.question)).not.toContain(a);
  });
});

test.describe('Admins', () => {
  test('a PIN another staff member holds is refused on the PIN field; a free one creates the account', async ({
    page,
  }) => {
    const suffix = Date.now() % 100000;
    const admins = new AdminsPage(page);
    await signIn(page, ACCOUNTS.admin, '/admins');
    await admins.goto();
    await admins.openNew();
    // 2345 is the demo editor's PIN; the free one comes from the suite's own slice (support/pins.ts).
    await admins.fill({
      name: `Teste ${suffix}`,
      username: `teste${suffix}`,
      password: 'segredo1',
      pin: '2345',
    });
    await admins.save();
    await expect(admins.fieldError(/PIN deste funcionário já está a ser utilizado/)).toBeVisible();
    await admins.pin.fill(staffPin(suffix));
    await admins.save();
    await expect(admins.form).toBeHidden();
    await expect(admins.row(`teste${suffix}`)).toBeVisible();
  });
});
