/**
 * Device traffic, one instance against two in one MQTT shared-subscription group (ADR 0141):
 * `npx tsx src/device/run.ts [--places 1000] [--rate 400] [--seconds 20] [--rounds 3] [--static]`. Controllers are played
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
const rounds = arg('rounds', 3);
const split = process.argv.includes('--static');
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

/**
 * Waits until every instance is quiet: a process just past registering spends 30-150 ms of CPU a
 * second for a few seconds (its collector and compiler, no message), at random moments. Counted
 * as idle, it was subtracted from the load's CPU as if it went on all through it.
 */
async function settle(children: ChildProcess[]) {
  let quiet = 0;
  for (let s = 0; s < 30 && quiet < 2; s++) {
    const from = await Promise.all(children.map((c) => ask(c, 'mark', 'mark')));
    await new Promise((r) => setTimeout(r, 1000));
    const to = await Promise.all(children.map((c) => ask(c, 'report', 'cpuUs')));
    quiet = to.every((r, i) => r.cpuUs! - from[i]!.mark! < 5000) ? quiet + 1 : 0;
  }
}

let roundNo = 0;
async function round(instances: number) {
  // Topics and group of this round alone: the last round's instances may still be leaving.
  roundNo++;
  const prefix = `bench-dev-${process.pid}-${roundNo}`;
  // --static: each instance subscribes to its own half of the places, no share group; the floor
  // a partition can reach on this machine, to tell the shared mode's cost from the machine's.
  const group = instances === 1 || split ? '-' : `g${process.pid}-${roundNo}`;
  const children = Array.from({ length: instances }, (_, k) => {
    const range = split ? [(k * places) / instances + 1, ((k + 1) * places) / instances] : [1, places];
    // No memory reducer: it collects about 8 s after the registration's burst of allocation, and
    // its 50-150 ms landed in the idle or the load window at random (a quiet server never has one
    // under load).
    return fork(script, [url, prefix, group, range.join('-')], {
      execArgv: ['--import', 'tsx', '--expose-gc', '--no-memory-reducer'],
    });
  });
  await Promise.all(children.map((c) => ask(c, '', 'ready')));
  const pub = await mqtt.connectAsync(url, { protocolVersion: 5 });
  const seq = { n: 0 };
  const beat = async () => {
    const p = (seq.n % places) + 1;
    seq.n++;
    const payload = { type: 'heartbeat', uptimeMs: seq.n, boot: 1, seq: seq.n, at: Date.now() };
    await pub.publishAsync(`${prefix}/${p}/event`, JSON.stringify(payload), { qos: 1 });
  };
  await settle(children);
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
  await Promise.all(
    children.map((c) => {
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.send({ cmd: 'stop' });
      // A driver whose goodbye hangs must not hold the next round.
      const kill = setTimeout(() => c.kill('SIGKILL'), 3000);
      return exited.finally(() => clearTimeout(kill));
    }),
  );
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

// One and two instances alternate, `rounds` times: the machine's speed drifts between minutes
// (one pair read 0.56, the next 0.80), so each pair gives a ratio and the median is the figure.
const pairs = [];
for (let r = 0; r < rounds; r++) {
  const one = await round(1);
  const two = await round(2);
  const ratio = two.cpuPerSentMsgUs / one.cpuPerSentMsgUs;
  pairs.push({ one, two, ratio });
  console.log(
    `pair ${r + 1}: per instance one ${(one.cpuShare * 100).toFixed(1)} % CPU, two ${(two.cpuShare * 100).toFixed(1)} % CPU; ` +
      `CPU over idle per message sent, per instance: one ${one.cpuPerSentMsgUs.toFixed(1)} µs, two ${two.cpuPerSentMsgUs.toFixed(1)} µs, ratio ${ratio.toFixed(2)}`,
  );
}
const ratios = pairs.map((p) => p.ratio).sort((a, b) => a - b);
const median = ratios[Math.floor(ratios.length / 2)]!;
console.log(
  JSON.stringify({ places, rate, seconds, rounds, pairs, medianRatio: +median.toFixed(2) }, null, 1),
);
console.log(
  `median ratio two/one over ${rounds} pairs: ${median.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
);
process.exit(0);
