/**
 * One server instance's device layer alone (no HTTP, no database: a heartbeat writes nothing, ADR
 * 0141), as its own process so its CPU is its own: registers the places, then on 'report' sends
 * its CPU time (user + system, µs) and the reports it handled.
 */
import { MqttDriver } from '../../../apps/server/src/devices/mqtt-driver.js';

const [url, prefix, group, places] = process.argv.slice(2) as [string, string, string, string];
const driver = new MqttDriver({
  url,
  prefix,
  ...(group === '-' ? {} : { sharedGroup: group }),
  timing: { offlineAfterMs: 15_000 },
});
let handled = 0;
driver.subscribe((e) => {
  if (e.type === 'heartbeat') handled++;
});
await driver.connected;
for (let p = 1; p <= Number(places); p++) await driver.register({ placeId: p, doors: [1, 2, 3, 4] });
process.send!({ ready: true });
process.on('message', (m: { cmd: string }) => {
  if (m.cmd === 'mark') {
    handled = 0;
    const c = process.cpuUsage();
    process.send!({ mark: c.user + c.system });
  }
  if (m.cmd === 'report') {
    const c = process.cpuUsage();
    process.send!({ cpuUs: c.user + c.system, handled });
  }
  if (m.cmd === 'stop') void driver.close().then(() => process.exit(0));
});
