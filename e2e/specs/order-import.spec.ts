import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ImportOrdersPage } from '../pages/order-pages';
import { ACCOUNTS } from '../support/accounts';
import { callApi, setPreferences, signIn, tokenFor } from '../support/api';

test.describe('order import', () => {
  test('a file with unknown column names is mapped by hand and imported', async ({ page }) => {
    const suffix = String(Date.now() % 1_000_000).padStart(6, '0');
    const ids = [`SGPTIMP${suffix}1`, `SGPTIMP${suffix}2`];
    // Windows-1252-free but unknown names: nothing here is a header the import knows.
    const file = [
      'Nº guia;Observações;Tlm cliente;Correio',
      `${ids[0]};frágil;912345678;a@exemplo.pt`,
      `${ids[1]};;913456789;`,
      `SGPTIMP${suffix}3;;123;`,
    ].join('\r\n');

    await signIn(page, ACCOUNTS.importer, '/import-orders');
    const importPage = new ImportOrdersPage(page);
    await importPage.upload('guias.csv', file);
    await expect(importPage.problem()).toContainText('Faltam colunas obrigatórias');
    await expect(importPage.mapping).toContainText('Tlm cliente');
    await expect(importPage.applyMapping).toBeDisabled();
    await importPage.mapColumn(0, 'ID da encomenda');
    await importPage.mapColumn(2, 'Telefone do destinatário');
    await importPage.mapColumn(3, 'Email do destinatário');
    await importPage.applyMapping.click();

    await expect(importPage.preview).toContainText(ids[0]!);
    await expect(importPage.text('2 válidas')).toBeVisible();
    await expect(importPage.text('Colunas associadas à mão.')).toBeVisible();
    // Errors only: the bad phone's row alone.
    await importPage.errorsOnly.click();
    await expect(importPage.preview).not.toContainText(ids[0]!);
    await expect(importPage.preview).toContainText(`SGPTIMP${suffix}3`);

    await importPage.submit.click();
    await expect(importPage.result).toContainText('2 encomendas criadas');

    const admin = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
    for (const [i, id] of ids.entries()) {
      const res = await callApi(page.request, admin, API.orders.order, { query: { packageId: id } });
      const order = res.body.Data;
      expect(order.recipientPhone).toBe(i === 0 ? '912345678' : '913456789');
    }
  });

  test('the template downloads in the page language and reads back without a mapping', async ({ page }) => {
    await signIn(page, ACCOUNTS.importer, '/import-orders');
    const importPage = new ImportOrdersPage(page);
    const download = page.waitForEvent('download');
    await importPage.template.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('modelo-encomendas.csv');
    const text = (await readFile(await file.path())).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFID da encomenda;Telefone do destinatário;Referência do parceiro;Email do destinatário',
    );
    await importPage.upload('modelo-encomendas.csv', text);
    await expect(importPage.preview).toContainText('SGPT000000001');
    await expect(importPage.mapping).toHaveCount(0);
  });

  test('a file that is not a spreadsheet is refused with a clear text, in pt and en', async ({ page }) => {
    await signIn(page, ACCOUNTS.importer, '/import-orders');
    const importPage = new ImportOrdersPage(page);
    await importPage.upload('encomendas.xlsx', 'isto não é uma folha de cálculo');
    await expect(importPage.problem()).toContainText(
      'O ficheiro não pôde ser lido como folha de cálculo. Abra-o no Excel ou no LibreOffice',
    );
    await importPage.upload('vazio.csv', '');
    await expect(importPage.problem()).toHaveText('O ficheiro está vazio.');

    await setPreferences(page, { language: 'en' });
    await page.reload();
    await importPage.upload('orders.xlsx', 'not a spreadsheet');
    await expect(importPage.problem()).toContainText(
      'The file could not be read as a spreadsheet. Open it in Excel or LibreOffice',
    );
  });
});
