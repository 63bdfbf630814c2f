import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

/**
 * Admin tools' pickup time and reminders card (issue #25): edits the default rules, refuses a
 * reminder after the end on its field, saves, and a save over another admin's newer one is the
 * one reload dialog (issue #20, docs/adr/0027), nothing else said. The rules are put back after.
 */
test('pickup time and reminders: saved, checked as typed, and a stale save is the reload dialog only', async ({
  page,
}) => {
  const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const read = async () =>
    (await callApi(page.request, admin, API.notifications.pickupSettings, {})).body.Data;
  const original = await read();
  try {
    await signIn(page, ACCOUNTS.admin, '/admins/tools');
    const card = page.getByTestId('pickup-settings');
    await expect(card.getByText('Prazo de levantamento e lembretes')).toBeVisible();
    const row = card.getByRole('row', { name: /Todos os outros tipos \(\*\)/ });
    const numbers = row.getByRole('spinbutton');
    const defaults = original.rules.find((r) => r.locationType === '*')!;
    await expect(numbers.first()).toHaveValue(String(defaults.pickupHours));

    // A reminder after the end is refused on its field, and nothing is saved.
    const reminderError = card.locator('#rules_0_reminderHours_0_help');
    await numbers.first().fill('40');
    await numbers.nth(1).fill('50');
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(reminderError).toHaveText('Tem de ser antes do fim do prazo de levantamento.');
    expect((await read()).rules.find((r) => r.locationType === '*')?.pickupHours).toBe(defaults.pickupHours);

    // Corrected, it saves: the message says so and the server has it.
    await numbers.first().fill('96');
    await expect(reminderError).toHaveCount(0);
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Prazos de levantamento guardados.')).toBeVisible();
    await expect
      .poll(async () => (await read()).rules.find((r) => r.locationType === '*'))
      .toMatchObject({ pickupHours: 96, reminderHours: [50] });

    // Meanwhile another admin saves the rules; this editor's save is refused, said once.
    const seen = await read();
    const other = await callApi(page.request, admin, API.notifications.savePickupSettings, {
      body: {
        rules: [{ locationType: '*', pickupHours: 120, reminderHours: [48], lastDayHours: 12 }],
        updatedAt: seen.updatedAt,
      },
    });
    expect(other.status).toBe(200);
    await numbers.first().fill('100');
    await card.getByRole('button', { name: 'Guardar' }).click();
    const conflict = page.getByRole('dialog', { name: 'Este registo mudou entretanto' });
    await expect(conflict).toBeVisible();
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    expect((await read()).rules.find((r) => r.locationType === '*')?.pickupHours).toBe(120);
    await conflict.getByRole('button', { name: 'Recarregar' }).click();
    await expect(page.getByTestId('pickup-settings').getByRole('spinbutton').first()).toHaveValue('120');
  } finally {
    const now = await read();
    await callApi(page.request, admin, API.notifications.savePickupSettings, {
      body: { rules: original.rules, updatedAt: now.updatedAt },
    });
  }
});
