import { expect, test } from '@playwright/test';
import { DOOR_STATUS } from '@cacifo/contract';
import { LocationPage } from '../pages/location-page';
import { ShellPage } from '../pages/shell-page';
import { VoiceAssistant, VoiceCommandBox } from '../pages/voice-pages';
import { ACCOUNTS } from '../support/accounts';
import { setPreferences, signIn } from '../support/api';

// SPEC §9: voice doors belong to place 1 (the demo "Sede", doors 1 to 18).
const PLACE = 1;

test.describe('voice assistant', () => {
  test('"abre a porta cinco" asks, opens door 5 and says so', async ({ page }) => {
    await VoiceAssistant.fakeSpeech(page);
    await signIn(page, ACCOUNTS.demo, `/locations/${PLACE}`);
    const location = new LocationPage(page);
    await location.ready();
    const voice = new VoiceAssistant(page);
    await voice.activate();

    await voice.hear('abre a porta cinco');
    await expect(voice.question('Abrir a porta 5?')).toBeVisible();
    // Once, on a loaded CI machine, the click on the just-opened dialog's button was lost (the dialog
    // stayed, no request went out): click again while the dialog is still there.
    await expect(async () => {
      const button = voice.confirmButton();
      if (await button.isVisible()) await button.click({ timeout: 5_000 });
      await expect(location.toast()).toContainText('Porta 5 aberta.', { timeout: 10_000 });
    }).toPass({ timeout: 45_000 });
    await expect(location.tile(5)).toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));
    await expect.poll(() => voice.spoken()).toContain('Porta 5 aberta.');

    // Hands-free: the confirmation is answered aloud.
    await voice.hear('abre a porta seis');
    await expect(voice.question('Abrir a porta 6?')).toBeVisible();
    await voice.hear('sim');
    await expect(location.tile(6)).toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));
    // The tile turns with the realtime update, which may come before the command's reply; a phrase
    // heard before the reply is dropped (one command at a time), as it was once in CI (ci22).
    await expect.poll(() => voice.spoken()).toContain('Porta 6 aberta.');
    await voice.hear('abre a porta sete');
    await expect(voice.question('Abrir a porta 7?')).toBeVisible();
    await voice.hear('não, cancela');
    await expect(voice.question('Abrir a porta 7?')).toBeHidden();
    await expect.poll(() => voice.spoken()).toContain('Comando cancelado.');
    await expect(location.tile(7)).not.toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));

    // Out of range and unknown phrases change nothing and say why.
    await voice.hear('abrir porta 19');
    await expect(location.toast()).toContainText(['Porta 19 inválida: só as portas 1 a 18.']);
    await voice.hear('fecha a janela');
    await expect.poll(() => voice.spoken()).toContain('Não percebi o comando. Pode repetir?');

    await voice.toggle.click();
    await expect(voice.toggle).toHaveAttribute('data-state', 'stopped');
  });

  test('user list, user lookup by name and the export', async ({ page }) => {
    await VoiceAssistant.fakeSpeech(page);
    await signIn(page, ACCOUNTS.demo, '/');
    const voice = new VoiceAssistant(page);
    await voice.activate();
    await voice.hear('lista de utilizadores');
    await expect(page).toHaveURL(/\/office-users$/);
    await expect(voice.toasts()).toContainText('Lista de utilizadores');

    await voice.hear('procura o utilizador Bruno Costa');
    await expect(page).toHaveURL(/\/office-users\/details\/\d+$/);
    await expect.poll(() => voice.spoken()).toContain('Encontrei Bruno Costa.');

    const download = page.waitForEvent('download');
    await voice.hear('exportar utilizadores');
    expect((await download).suggestedFilename()).toBe('utilizadores.xlsx');
    await expect(voice.toasts()).toContainText(['Utilizadores exportados']);
  });

  test('only the demo account has it; a browser without recognition gets a notice', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin, '/');
    const voice = new VoiceAssistant(page);
    await expect(new ShellPage(page).navbar).toBeVisible();
    await expect(voice.toggle).toHaveCount(0);

    await VoiceAssistant.noSpeech(page);
    await signIn(page, ACCOUNTS.demo, '/');
    await expect(voice.toggle).toHaveAttribute('data-state', 'unsupported');
    await voice.toggle.click();
    await expect(voice.notice('Este navegador não suporta reconhecimento de voz.')).toBeVisible();
  });

  test('without a microphone, a typed command runs the same parser, keyboard only, in pt and en', async ({
    page,
  }) => {
    await VoiceAssistant.noSpeech(page);
    await signIn(page, ACCOUNTS.demo, `/locations/${PLACE}`);
    const location = new LocationPage(page);
    await location.ready();
    const box = new VoiceCommandBox(page);
    const voice = new VoiceAssistant(page);
    await box.opener.focus();
    await page.keyboard.press('Enter');
    const input = box.input('Comando para o assistente');
    await expect(input).toBeFocused();
    await page.keyboard.type('abre a porta oito');
    await page.keyboard.press('Enter');
    // The same confirmation as the spoken command; its OK button has the focus.
    await expect(voice.question('Abrir a porta 8?')).toBeVisible();
    await expect(voice.confirmButton()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(location.tile(8)).toHaveAttribute('data-door-status', String(DOOR_STATUS.OPEN));
    await expect(box.reply).toHaveText('Porta 8 aberta.');
    await expect(input).toBeFocused();
    await page.keyboard.type('fecha a janela');
    await page.keyboard.press('Enter');
    await expect(box.reply).toHaveText('Comando não reconhecido: «fecha a janela».');
    await page.keyboard.press('Escape');
    await expect(box.opener).toBeFocused();

    await setPreferences(page, { language: 'en' });
    await page.reload();
    await location.ready();
    await box.opener.click();
    await box.input('Command for the assistant').fill('lista de utilizadores');
    await box.runButton('Run').click();
    await expect(page).toHaveURL(/\/office-users$/);
    await expect(box.reply).toHaveText(/^User list: \d+\.$/);
  });
});
