/**
 * Device traffic, one instance against two in one MQTT shared-subscription group (ADR 0141):
 * `npx tsx src/device/run.ts [--places 1000] [--rate 400] [--seconds 20]`. Controllers are played
 * by one publisher sending heartbeats at `rate`/s spread over `places`; each instance is its own
 * process. Prints CPU per handled message and per instance, and the ratio two/one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';

const arg = (name: string, d: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : d;
};
const url = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const places = arg('places', 1000);
const rate = arg('rate', 400);
const seconds = arg('seconds', 20);
const script = fileURLToPath(new URL('./instance.ts', import.meta.url));

type Msg = { ready?: boolean; mark?: number; cpuUs?: number; handled?: number };
const ask = (c: ChildProcess, cmd: string, key: keyof Msg) =>
  new Promise<Msg>((resolve) => {
    const on = (m: Msg) => {
      if (m[key] !== undefined) {
        c.off('message', on);
        resolve(m);
      }
    };
    c.on('message', on);
    if (cmd) c.send({ cmd });
  });

async function round(instances: number) {
  const prefix = `bench-dev-${process.pid}-${instances}`;
  const group = instances === 1 ? '-' : `g${process.pid}`;
  const children = Array.from({ length: instances }, () =>
    fork(script, [url, prefix, group, String(places)], { execArgv: ['--import', 'tsx'] }),
  );
  await Promise.all(children.map((c) => ask(c, '', 'ready')));
  const pub = await mqtt.connectAsync(url, { protocolVersion: 5 });
  const seq = { n: 0 };
  const beat = async () => {
    const p = (seq.n % places) + 1;
    seq.n++;
    const payload = { type: 'heartbeat', uptimeMs: seq.n, boot: 1, seq: seq.n, at: Date.now() };
    await pub.publishAsync(`${prefix}/${p}/event`, JSON.stringify(payload), { qos: 1 });
  };
  // Idle first (timers, keepalive: what an instance costs with no message), then the load.
  const idleFrom = await Promise.all(children.map((c) => ask(c, 'mark', 'mark')));
  await new Promise((r) => setTimeout(r, 5000));
  const idleTo = await Promise.all(children.map((c) => ask(c, 'report', 'cpuUs')));
  const idleUsPerS = idleTo.map((r, i) => (r.cpuUs! - idleFrom[i]!.mark!) / 5);
  const tick = 20;
  const perTick = Math.max(1, Math.round((rate * tick) / 1000));
  const send = setInterval(() => {
    for (let i = 0; i < perTick; i++) void beat();
  }, tick);
  await new Promise((r) => setTimeout(r, 3000));
  const marks = await Promise.all(children.map((c) => ask(c, 'mark', 'mark')));
  const sentFrom = seq.n;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const reports = await Promise.all(children.map((c) => ask(c, 'report', 'cpuUs')));
  clearInterval(send);
  const sent = seq.n - sentFrom;
  await pub.endAsync();
  for (const c of children) c.send({ cmd: 'stop' });
  const per = reports.map((r, i) => {
    const cpuUs = r.cpuUs! - marks[i]!.mark!;
    const overIdleUs = cpuUs - idleUsPerS[i]! * seconds;
    return {
      cpuUs,
      idleUsPerS: Math.round(idleUsPerS[i]!),
      handled: r.handled!,
      usPerHandled: overIdleUs / r.handled!,
    };
  });
  const cpuShare = per.reduce((s, r) => s + r.cpuUs, 0) / instances / (seconds * 1e6);
  const handled = per.reduce((s, r) => s + r.handled, 0);
  // What one instance spends on the traffic, per message the controllers sent: the partition's gain.
  const cpuPerSentMsgUs = per.reduce((s, r) => s + r.usPerHandled * r.handled, 0) / instances / sent;
  return { instances, sent, handled, per, cpuShare, cpuPerSentMsgUs };
}

const one = await round(1);
const two = await round(2);
console.log(JSON.stringify({ places, rate, seconds, one, two }, null, 1));
console.log(
  `per instance: one ${(one.cpuShare * 100).toFixed(1)} % CPU, two ${(two.cpuShare * 100).toFixed(1)} % CPU; ` +
    `CPU over idle per message sent, per instance: one ${one.cpuPerSentMsgUs.toFixed(1)} µs, two ${two.cpuPerSentMsgUs.toFixed(1)} µs, ratio ${(two.cpuPerSentMsgUs / one.cpuPerSentMsgUs).toFixed(2)}`,
);
process.exit(0);
