import { beforeAll, expect, it } from 'vitest';
import { API } from '@cacifo/contract';
import { MqttDriver } from '../src/devices/mqtt-driver.js';
import { withoutCredentials } from '../src/devices/mqtt-messages.js';
import { describeEachDb, signIn, callApi } from './helpers/test-app.js';
import { waitFor } from './helpers/fixtures.js';
import { BROKER, captureLogger, ensureBroker, uniquePrefix } from './helpers/raw-controller.js';

/**
 * The server losing and regaining its broker (issue #32): logged (warn, then info, with the
 * broker's address and no credentials), in the admin log by the system, and on the service
 * status with since when. The real server (both databases) on the real Mosquitto.
 */
const logs: Array<ReturnType<typeof captureLogger>> = [];

beforeAll(ensureBroker);

it('the broker address is logged and shown without credentials', () => {
  expect(withoutCredentials('mqtts://cacifo:s3cret@broker.example:8883')).toBe('mqtts://broker.example:8883');
  expect(withoutCredentials('ws://u:p@broker.example/mqtt')).toBe('ws://broker.example/mqtt');
  expect(withoutCredentials('mqtt://127.0.0.1:1883')).toBe('mqtt://127.0.0.1:1883');
});

describeEachDb(
  'the server link to the broker',
  (ctx) => {
    const log = () => logs.at(-1)!;
    const status = async () => {
      const admin = await signIn(ctx.app, 'admin');
      const r = await callApi(ctx.app, admin.token, API.service.status, {});
      expect(r.status).toBe(200);
      return r.body.Data.servers[0]!.broker!;
    };
    const health = async () => {
      const admin = await signIn(ctx.app, 'admin');
      const r = await callApi(ctx.app, admin.token, API.shell.health, {});
      return r.body.Data.devices!;
    };
    const brokerRows = () =>
      ctx.app.db
        .selectFrom('admin_logs')
        .select(['action', 'admin_id', 'admin_name', 'details'])
        .where('action', 'in', [1030, 1031])
        .orderBy('id')
        .execute();

    it('flips to down when the link drops and back up when it returns: logged, recorded, shown', async () => {
      const driver = ctx.app.devices.driver as MqttDriver;
      await driver.connected;
      const url = withoutCredentials(BROKER);
      const up = await status();
      expect(up).toMatchObject({ url, connected: true });
      expect((await health()).broker).toMatchObject({ connected: true });
      expect(await brokerRows()).toEqual([]);
      expect(log().lines.filter((l) => l.msg === 'broker connected')).toHaveLength(1);

      // The link drops; its reconnect is held back until the down state has been checked.
      driver.client.options.reconnectPeriod = 600_000;
      driver.client.stream.destroy();
      const down = await waitFor(async () => {
        const s = await status();
        return s.connected ? null : s;
      });
      expect(down.url).toBe(url);
      expect(Date.parse(down.since)).toBeGreaterThanOrEqual(Date.parse(up.since));
      expect(await health()).toMatchObject({ ok: false, broker: { connected: false, since: down.since } });
      const lost = await waitFor(async () => ((await brokerRows()).length >= 1 ? await brokerRows() : null));
      expect(lost[0]).toMatchObject({ action: 1030, admin_id: null, admin_name: 'system' });
      expect(JSON.parse(lost[0]!.details!)).toMatchObject({ broker: url });
      expect(
        log().lines.find((l) => l.msg === 'broker link lost: every controller shows offline'),
      ).toMatchObject({
        level: 40,
        broker: url,
      });

      // mqtt.js would retry by itself: the link comes back.
      driver.client.options.reconnectPeriod = 1000;
      driver.client.reconnect();
      const back = await waitFor(async () => {
        const s = await status();
        return s.connected ? s : null;
      }, 10_000);
      expect(Date.parse(back.since)).toBeGreaterThanOrEqual(Date.parse(down.since));
      const rows = await waitFor(async () => ((await brokerRows()).length >= 2 ? await brokerRows() : null));
      expect(rows.map((r) => [r.action, r.admin_name])).toEqual([
        [1030, 'system'],
        [1031, 'system'],
      ]);
      expect(JSON.parse(rows[1]!.details!)).toMatchObject({ broker: url, downSince: down.since });
      expect(log().lines.find((l) => l.msg === 'broker link back')).toMatchObject({ level: 30, broker: url });
      // One loss, one regain: the reconnect attempts in between are not more of either.
      expect(log().lines.filter((l) => String(l.msg).startsWith('broker link'))).toHaveLength(2);
    });
  },
  {
    driver: () => {
      const log = captureLogger('info');
      logs.push(log);
      return new MqttDriver({ url: BROKER, prefix: uniquePrefix('cacifo-link'), logger: log.logger });
    },
  },
);
