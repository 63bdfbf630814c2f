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
// `places` is a range, "1-2000": two instances of the --static run take one half each.
const [from, to] = places.split('-').map(Number) as [number, number];
const ids = Array.from({ length: to - from + 1 }, (_, i) => from + i);
// A hundred at a time: one by one, 2,000 places took a round trip each, over a minute.
for (let i = 0; i < ids.length; i += 100)
  await Promise.all(
    ids.slice(i, i + 100).map((placeId) => driver.register({ placeId, doors: [1, 2, 3, 4] })),
  );
// A server registers its places once, at start, and then runs for days: the registration's
// garbage is collected before measuring, or its collection lands in a window at random.
(globalThis as { gc?: () => void }).gc?.();
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
