import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ConflictDialog } from '../pages/conflict-dialog';
import { PickupSettingsCard } from '../pages/pickup-settings-page';
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
    const card = new PickupSettingsCard(page);
    await expect(card.text('Prazo de levantamento e lembretes')).toBeVisible();
    const defaults = original.rules.find((r) => r.locationType === '*')!;
    await expect(card.defaultPickupHours).toHaveValue(String(defaults.pickupHours));

    // A reminder after the end is refused on its field, and nothing is saved.
    await card.defaultPickupHours.fill('40');
    await card.defaultReminderHours.fill('50');
    await card.save.click();
    await expect(card.reminderError).toHaveText('Tem de ser antes do fim do prazo de levantamento.');
    expect((await read()).rules.find((r) => r.locationType === '*')?.pickupHours).toBe(defaults.pickupHours);

    // Corrected, it saves: the message says so and the server has it.
    await card.defaultPickupHours.fill('96');
    await expect(card.reminderError).toHaveCount(0);
    await card.save.click();
    await expect(card.saved).toBeVisible();
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
    await card.defaultPickupHours.fill('100');
    await card.save.click();
    const conflict = new ConflictDialog(page);
    await expect(conflict.dialog).toBeVisible();
    await expect(card.errorToasts).toHaveCount(0);
    expect((await read()).rules.find((r) => r.locationType === '*')?.pickupHours).toBe(120);
    await conflict.reload.click();
    await expect(card.firstNumber()).toHaveValue('120');
  } finally {
    const now = await read();
    await callApi(page.request, admin, API.notifications.savePickupSettings, {
      body: { rules: original.rules, updatedAt: now.updatedAt },
    });
  }
});
