import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { Writable } from 'node:stream';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { controllerClientId, deviceTopics, type DeviceTopics } from '@cacifo/contract';

export const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

async function brokerAnswers(): Promise<boolean> {
  try {
    const client = await mqtt.connectAsync(BROKER, { connectTimeout: 1000, reconnectPeriod: 0 });
    await client.endAsync();
    return true;
  } catch {
    return false;
  }
}

/** Starts Mosquitto when nothing answers on the test broker's address (CI starts it beforehand). */
export async function ensureBroker(): Promise<void> {
  if (await brokerAnswers()) return;
  execFileSync('mosquitto', ['-d', '-c', '/etc/mosquitto/mosquitto.conf']);
  for (let i = 0; i < 20 && !(await brokerAnswers()); i++) await new Promise((r) => setTimeout(r, 100));
}

/** A topic prefix of its own, so parallel runs and other users of the broker never see each other. */
export function uniquePrefix(name: string): string {
  return `${name}-${randomUUID().slice(0, 8)}`;
}

/** Every line a pino logger wrote, parsed, for asserting on warnings (and info lines if asked). */
export function captureLogger(level: 'warn' | 'info' = 'warn') {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}

/**
 * A locker controller written only from docs/devices.md with the plain `mqtt` client: what a
 * firmware author would do. It answers nothing by itself; each test says what the controller sends.
 */
export class RawController {
  readonly topics: DeviceTopics;
  readonly commands: Array<Record<string, unknown>> = [];
  readonly configs: Array<Record<string, unknown>> = [];
  /** This run's boot and the last sequence number sent (docs/devices.md, "Sequence numbers"). */
  boot = Date.now();
  seq = 0;
  private constructor(
    readonly placeId: number,
    readonly client: MqttClient,
    prefix: string,
  ) {
    this.topics = deviceTopics(placeId, prefix);
  }

  static async connect(placeId: number, prefix: string): Promise<RawController> {
    const topics = deviceTopics(placeId, prefix);
    const client = await mqtt.connectAsync(BROKER, {
      protocolVersion: 5,
      clientId: controllerClientId(placeId, prefix),
      clean: true,
      reconnectPeriod: 0,
      will: { topic: topics.connection, payload: Buffer.from('{"online":false}'), qos: 1, retain: true },
    });
    const c = new RawController(placeId, client, prefix);
    client.on('message', (topic, payload) => {
      if (payload.length === 0) return;
      const json = JSON.parse(payload.toString()) as Record<string, unknown>;
      if (topic === topics.cmd) c.commands.push(json);
      if (topic === topics.config) c.configs.push(json);
    });
    await client.subscribeAsync([topics.cmd, topics.config], { qos: 1 });
    return c;
  }

  /** Says it is online, with its snapshot and a heartbeat, as docs/devices.md asks on every connect. */
  async announce(
    doors: Array<{ door: number; status?: number; open?: boolean; tags?: string[] }>,
    extra = {},
  ) {
    await this.send(this.topics.connection, { online: true, boot: this.boot, at: Date.now() }, true);
    await this.snapshot(doors, extra);
    await this.event({ type: 'heartbeat', uptimeMs: 1000 });
  }

  async snapshot(
    doors: Array<{ door: number; status?: number; open?: boolean; tags?: string[] }>,
    extra = {},
  ) {
    const full = doors.map((d) => ({ status: 2, open: false, tags: [], ...d }));
    await this.send(
      this.topics.doors,
      { placeId: this.placeId, boot: this.boot, seq: ++this.seq, at: Date.now(), doors: full, ...extra },
      true,
    );
  }

  /** An event, numbered next in this boot; `at` is now; the test may give either. */
  async event(payload: Record<string, unknown>) {
    await this.send(this.topics.event, { at: Date.now(), boot: this.boot, seq: ++this.seq, ...payload });
  }

  /** Anything at all on the event topic (bad JSON included). */
  async raw(text: string) {
    await this.client.publishAsync(this.topics.event, text, { qos: 1 });
  }

  async nextCommand(action: string, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const start = Date.now();
    for (;;) {
      const i = this.commands.findIndex((c) => c.action === action);
      if (i >= 0) return this.commands.splice(i, 1)[0]!;
      if (Date.now() - start > timeoutMs) throw new Error(`no ${action} command within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The link drops without a goodbye: the broker publishes the last will. */
  kill(): void {
    this.client.stream.destroy();
    this.client.end(true);
  }

  async close(): Promise<void> {
    if (this.client.connected) await this.client.endAsync();
  }

  private async send(topic: string, payload: unknown, retain = false) {
    await this.client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
  }
}

/** Leaves no retained message of ours on a shared broker. */
export async function clearRetained(prefix: string, placeIds: readonly number[]): Promise<void> {
  const client = await mqtt.connectAsync(BROKER);
  for (const id of placeIds) {
    const t = deviceTopics(id, prefix);
    for (const topic of [t.doors, t.connection, t.config])
      await client.publishAsync(topic, '', { retain: true, qos: 1 });
  }
  await client.endAsync();
}
