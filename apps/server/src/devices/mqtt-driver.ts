import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  DEVICE_TOPIC_PREFIX,
  deviceCommandSchema,
  deviceConnectionSchema,
  deviceEventSchema,
  deviceJournalEntrySchema,
  deviceSnapshotSchema,
  deviceTopics,
  offlineTopics,
  serverHeartbeatTopic,
  type ControllerMessage,
  type DeviceCommand,
  type DeviceConfig,
  type DeviceCredentialDelta,
  type DeviceCredentialSet,
  type DeviceJournalAck,
  type ServerHeartbeat,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { BrokerLink } from './locker-driver.js';
import { ProtocolDriver, type ProtocolDriverOptions } from './protocol-driver.js';

const SESSION_EXPIRY_S = 300;

export interface MqttDriverOptions extends ProtocolDriverOptions {
  url: string;
  /** Topic prefix, `cacifo` by default. */
  prefix?: string;
  mqtt?: IClientOptions;
}

/**
 * Drives real controllers (or `npm run simulator -- --mqtt`) over a broker. Each connect
 * resubscribes, and the broker then hands over the retained snapshot and connection state, which
 * is how state changed while we were away is caught up.
 */
export class MqttDriver extends ProtocolDriver {
  readonly kind = 'mqtt' as const;
  readonly client: MqttClient;
  private readonly prefix: string;
  private readonly routes = new Map<
    string,
    { placeId: number; kind: ControllerMessage['topic'] | 'journal' | 'cmd' }
  >();
  /** Resolves on the first successful connection to the broker. */
  readonly connected: Promise<void>;
  /** The broker's address as logged and shown: no user name or password. */
  readonly brokerUrl: string;
  /** Up or down since when; `everUp` tells a regain from the first connection. */
  private link: { up: boolean; since: number; everUp: boolean; warned: boolean };
  private closing = false;

  constructor(options: MqttDriverOptions) {
    super(options);
    this.prefix = options.prefix ?? DEVICE_TOPIC_PREFIX;
    this.brokerUrl = withoutCredentials(options.url);
    this.link = { up: false, since: this.clock.now(), everUp: false, warned: false };
    this.client = mqtt.connect(options.url, {
      protocolVersion: 5,
      clientId: `cacifo-server-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      // We subscribe on every connect ourselves, so the retained state is delivered again each time.
      resubscribe: false,
      // A session that outlives a short broker or network outage keeps the QoS 1 events sent
      // meanwhile, so an open-then-close during the gap is not reduced to the final snapshot.
      clean: false,
      properties: { sessionExpiryInterval: SESSION_EXPIRY_S },
      ...options.mqtt,
    });
    let resolveConnected: () => void = () => {};
    this.connected = new Promise((resolve) => (resolveConnected = resolve));
    this.client.on('connect', () => {
      resolveConnected();
      this.linkUp();
      for (const placeId of this.controllers.keys()) {
        void this.subscribePlace(placeId);
        // Published while the broker was away it was lost; retained, a controller reads it on connect.
        void this.trySendConfig(placeId);
      }
    });
    this.client.on('close', () => {
      this.markAllOffline('brokerDisconnected');
      this.linkDown();
    });
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.client.on('error', () => {
      // mqtt.js keeps retrying; an unhandled 'error' event would crash the server.
    });
  }

  override brokerLink(): BrokerLink {
    return { url: this.brokerUrl, connected: this.link.up, since: new Date(this.link.since) };
  }

  /** Logged (info) and, for a regain, told to subscribers, which record it (issue #32). */
  private linkUp(): void {
    if (this.link.up) return;
    const now = this.clock.now();
    const { everUp, since } = this.link;
    this.link = { up: true, since: now, everUp: true, warned: false };
    if (!everUp) {
      this.logger?.info({ broker: this.brokerUrl }, 'broker connected');
      return;
    }
    this.logger?.info({ broker: this.brokerUrl, downForMs: now - since }, 'broker link back');
    const downSince = new Date(since);
    this.emit({ type: 'broker', url: this.brokerUrl, connected: true, downSince, at: new Date(now) });
  }

  /** mqtt.js closes again on every failed reconnect: only the first close after being up counts. */
  private linkDown(): void {
    if (this.closing) return;
    if (!this.link.up) {
      if (this.link.everUp || this.link.warned) return;
      this.link.warned = true;
      this.logger?.warn({ broker: this.brokerUrl }, 'broker not reachable: retrying every second');
      return;
    }
    const now = this.clock.now();
    this.link = { up: false, since: now, everUp: true, warned: true };
    this.logger?.warn({ broker: this.brokerUrl }, 'broker link lost: every controller shows offline');
    this.emit({ type: 'broker', url: this.brokerUrl, connected: false, downSince: null, at: new Date(now) });
  }

  protected async send(placeId: number, command: DeviceCommand): Promise<void> {
    if (!this.client.connected) throw new Error('broker not connected');
    // A command that waited in a queue past the ack timeout must not open a door later.
    const messageExpiryInterval = Math.max(1, Math.ceil(this.timing.ackTimeoutMs / 1000));
    await this.client.publishAsync(deviceTopics(placeId, this.prefix).cmd, JSON.stringify(command), {
      qos: 1,
      properties: { messageExpiryInterval },
    });
  }

  protected async sendConfig(placeId: number, config: DeviceConfig): Promise<void> {
    if (!this.client.connected) throw new Error('broker not connected');
    await this.client.publishAsync(deviceTopics(placeId, this.prefix).config, JSON.stringify(config), {
      qos: 1,
      retain: true,
    });
  }

  protected async sendCredentials(
    placeId: number,
    set: DeviceCredentialSet,
    delta: DeviceCredentialDelta | null,
  ): Promise<void> {
    if (!this.client.connected) throw new Error('broker not connected');
    const t = offlineTopics(placeId, this.prefix);
    // The delta first: a controller current with the version before takes it; the retained set
    // that follows is then not newer and is ignored, and a controller that missed one reads it.
    if (delta) await this.client.publishAsync(t.credentialsDelta, JSON.stringify(delta), { qos: 1 });
    await this.client.publishAsync(t.credentials, JSON.stringify(set), { qos: 1, retain: true });
  }

  protected async sendJournalAck(placeId: number, ack: DeviceJournalAck): Promise<void> {
    if (!this.client.connected) throw new Error('broker not connected');
    await this.client.publishAsync(offlineTopics(placeId, this.prefix).journalAck, JSON.stringify(ack), {
      qos: 1,
    });
  }

  protected async sendServerHeartbeat(beat: ServerHeartbeat): Promise<void> {
    if (!this.client.connected) return;
    await this.client.publishAsync(serverHeartbeatTopic(this.prefix), JSON.stringify(beat), { qos: 0 });
  }

  protected async attach(placeId: number): Promise<void> {
    const t = deviceTopics(placeId, this.prefix);
    this.routes.set(offlineTopics(placeId, this.prefix).journal, { placeId, kind: 'journal' });
    this.routes.set(t.doors, { placeId, kind: 'doors' });
    this.routes.set(t.connection, { placeId, kind: 'connection' });
    this.routes.set(t.event, { placeId, kind: 'event' });
    this.routes.set(t.cmd, { placeId, kind: 'cmd' });
    if (this.client.connected) await this.subscribePlace(placeId);
  }

  protected async detach(placeId: number): Promise<void> {
    const t = deviceTopics(placeId, this.prefix);
    const o = offlineTopics(placeId, this.prefix);
    for (const topic of [t.doors, t.connection, t.event, o.journal, t.cmd]) this.routes.delete(topic);
    if (!this.client.connected) return;
    await this.client
      .unsubscribeAsync([t.doors, t.connection, t.event, o.journal, t.cmd])
      .catch(() => undefined);
    // The place has no lockers any more: no config or credentials of ours stay retained for it.
    await this.client.publishAsync(t.config, '', { qos: 1, retain: true }).catch(() => undefined);
    await this.client.publishAsync(o.credentials, '', { qos: 1, retain: true }).catch(() => undefined);
  }

  protected async shutdown(): Promise<void> {
    // Our own goodbye is not a lost link.
    this.closing = true;
    // A clean goodbye drops our session at once instead of leaving it queued on the broker.
    if (this.client.connected) {
      await this.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    } else {
      await this.client.endAsync(true);
    }
  }

  private async subscribePlace(placeId: number): Promise<void> {
    const t = deviceTopics(placeId, this.prefix);
    const journal = offlineTopics(placeId, this.prefix).journal;
    await this.client
      .subscribeAsync([t.doors, t.connection, t.event, journal], { qos: 1 })
      .catch(() => undefined);
    // The commands other instances send (not our own: no local), so their door events are credited.
    await this.client.subscribeAsync(t.cmd, { qos: 1, nl: true }).catch(() => undefined);
  }

  private onCommand(placeId: number, text: string): void {
    try {
      const command = deviceCommandSchema.safeParse(JSON.parse(text));
      if (command.success) this.heardCommand(placeId, command.data);
    } catch {
      // Not a command any instance of ours sent.
    }
  }

  /** Every message on a controller's topics is applied, or rejected with the reason (counted and logged). */
  private onMessage(topic: string, payload: Buffer): void {
    const route = this.routes.get(topic);
    // An empty retained message clears the topic; there is nothing to apply.
    if (!route || payload.length === 0) return;
    const text = payload.toString('utf8');
    // Another instance's command, not a controller's word: nothing to reject or count.
    if (route.kind === 'cmd') return this.onCommand(route.placeId, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.reject(route.placeId, 'badJson', { topic, error, payload: text.slice(0, 200) });
      return;
    }
    if (route.kind === 'journal') {
      const entry = deviceJournalEntrySchema.safeParse(json);
      if (entry.success) this.receiveJournal(route.placeId, entry.data);
      else this.reject(route.placeId, 'invalidMessage', { topic, issues: describeIssues(entry.error) });
      return;
    }
    const parsed = parse(route.kind, json);
    if (parsed.success) this.receive(route.placeId, parsed.message);
    else {
      this.reject(route.placeId, 'invalidMessage', {
        topic,
        issues: parsed.issues,
        payload: text.slice(0, 200),
      });
    }
  }
}

/** `mqtt://user:secret@host:1883` -> `mqtt://host:1883`: credentials are never logged or shown. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

type Parsed = { success: true; message: ControllerMessage } | { success: false; issues: string[] };

function parse(kind: ControllerMessage['topic'], json: unknown): Parsed {
  const schema =
    kind === 'event' ? deviceEventSchema : kind === 'doors' ? deviceSnapshotSchema : deviceConnectionSchema;
  const r = schema.safeParse(json);
  if (!r.success) return { success: false, issues: describeIssues(r.error) };
  return { success: true, message: { topic: kind, payload: r.data } as ControllerMessage };
}

/** `door: Too big: expected number to be <=9999`, one line per problem, for the log. */
function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`);
}
