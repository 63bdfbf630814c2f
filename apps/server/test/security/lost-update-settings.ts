import { API } from '@cacifo/contract';
import { callApi, TEST_PASSWORD } from '../helpers/test-app.js';
import { ok, type Row, type Sample } from './lost-update-kit.js';

/** Settings documents: one version per document (docs/adr/0027), null until first saved. */
export const SETTINGS_SAMPLES: Record<string, Sample> = {
  'catalog.saveServiceConfig': async (app, admin) => {
    const read = () => ok(app, admin, API.catalog.serviceConfig, {});
    const { updatedAt: _v, ...config } = await read();
    return { edit: (n) => ({ ...config, operatorName: `Operador ${n}` }), read };
  },
  'locations.updateGlobalOptions': async (app, admin) => {
    const pin = '7315';
    const set = await callApi(app, admin, API.admins.changePin, { body: { password: TEST_PASSWORD, pin } });
    if (set.status !== 200) throw new Error(`admin PIN: ${set.status} ${JSON.stringify(set.body)}`);
    const read = () => ok(app, admin, API.locations.globalOptions, {});
    const { updatedAt: _v, ...options } = await read();
    return {
      edit: (n) => ({ ...options, kioskMessage: `Aviso ${n}`, pin }),
      read,
    };
  },
  'marketplace.updateSettings': async (app, admin) => {
    const read = async () => {
      const {
        webhookSecret: _s,
        highestActivePriceCents: _h,
        ...settings
      } = await ok(app, admin, API.marketplace.settings, {});
      return settings as Row;
    };
    const { updatedAt: _v, ...settings } = await read();
    return { edit: (n) => ({ ...settings, pendingMinutes: 10 + n }), read };
  },
  'notifications.saveTemplates': async (app, admin) => ({
    edit: (n) => ({
      templates: [{ event: 'reminder', channel: 'sms', language: 'pt', body: `Lembrete ${n}: {packageId}` }],
    }),
    read: () => ok(app, admin, API.notifications.templates, {}),
  }),
  'notifications.savePickupSettings': async (app, admin) => ({
    edit: (n) => ({
      rules: [{ locationType: '*', pickupHours: 70 + n, reminderHours: [48], lastDayHours: 24 }],
    }),
    read: () => ok(app, admin, API.notifications.pickupSettings, {}),
  }),
  'tools.updateTexts': async (app, admin) => {
    const read = () => ok(app, admin, API.tools.texts, {});
    const text = (await read()).texts.find((t) => t.group === 'kiosk')!;
    const { key, pt, en, es, fr } = text;
    return {
      edit: (n) => ({ texts: [{ key, pt: `${String(pt)} ${n}`, en, es, fr }] }),
      read,
    };
  },
};
