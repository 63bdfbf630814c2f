import { randomUUID } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  DEVICE_TOPIC_PREFIX,
  deviceCommandSchema,
  deviceJournalEntrySchema,
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
import type { BrokerLink, ControllerRegistration } from './locker-driver.js';
import { BrokerLinkState } from './broker-link-state.js';
import { describeIssues, parse, withoutCredentials } from './mqtt-messages.js';
import { commandIdOf, parseControllerJson, SharedTraffic } from './mqtt-shared.js';
import { ProtocolDriver, type ProtocolDriverOptions } from './protocol-driver.js';

const SESSION_EXPIRY_S = 300;

/** What a subscribed topic is: whose, and which of the controller's messages it carries. */
type Route = { placeId: number; kind: ControllerMessage['topic'] | 'journal' | 'cmd' };

export interface MqttDriverOptions extends ProtocolDriverOptions {
  url: string;
  /** Topic prefix, `cacifo` by default. */
  prefix?: string;
  /**
   * Set: the reports that cost work (events, door snapshots, journals) come through the shared
   * subscription of this group, one instance each (ADR 0141). Unset: this instance hears them all.
   */
  sharedGroup?: string;
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
  /** The instances' own topics (shared mode), made once: every message is checked against it. */
  private readonly serversPrefix: string;
  private readonly routes = new Map<string, Route>();
  /** Resolves on the first successful connection to the broker. */
  readonly connected: Promise<void>;
  /** The broker's address as logged and shown: no user name or password. */
  readonly brokerUrl: string;
  private readonly link: BrokerLinkState;
  /** Null unless the instances share the controllers' traffic (MQTT_SHARED_GROUP). */
  readonly shared: SharedTraffic | null;

  constructor(options: MqttDriverOptions) {
    super(options);
    this.prefix = options.prefix ?? DEVICE_TOPIC_PREFIX;
    this.serversPrefix = `${this.prefix}/_servers/`;
    this.shared = options.sharedGroup
      ? SharedTraffic.create(options.sharedGroup, this.prefix, this.timing, this.clock, {
          publish: async (topic, payload, qos) => {
            if (this.client.connected) await this.client.publishAsync(topic, payload, { qos });
          },
          seenElsewhere: (placeId, at) => this.seenElsewhere(placeId, at),
        })
      : null;
    this.brokerUrl = withoutCredentials(options.url);
    this.link = new BrokerLinkState(this.brokerUrl, this.clock, this.logger, (e) => this.emit(e));
    this.client = mqtt.connect(options.url, {
      protocolVersion: 5,
      clientId: `cacifo-server-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      // We subscribe on every connect ourselves, so the retained state is delivered again each time.
      resubscribe: false,
      // A session that outlives a short broker or network outage keeps the QoS 1 events sent
      // meanwhile, so an open-then-close during the gap is not reduced to the final snapshot.
      // Shared: a session kept for a gone instance would hold its turn of the group's messages
      // (Mosquitto queues them for it), so it ends at disconnect and the others take its share.
      clean: this.shared !== null,
      properties: { sessionExpiryInterval: this.shared ? 0 : SESSION_EXPIRY_S },
      ...options.mqtt,
    });
    let resolveConnected: () => void = () => {};
    this.connected = new Promise((resolve) => (resolveConnected = resolve));
    this.client.on('connect', () => {
      resolveConnected();
      this.link.up();
      if (this.shared) {
        const { seenTopic, forwardTopic } = this.shared;
        void this.client
          .subscribeAsync([seenTopic, forwardTopic], { qos: 1, nl: true })
          .catch(() => undefined);
      }
      for (const placeId of this.controllers.keys()) {
        void this.subscribePlace(placeId);
        // Published while the broker was away it was lost; retained, a controller reads it on connect.
        void this.trySendConfig(placeId);
      }
    });
    this.client.on('close', () => {
      this.markAllOffline('brokerDisconnected');
      this.link.down();
    });
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.client.on('error', () => {
      // mqtt.js keeps retrying; an unhandled 'error' event would crash the server.
    });
  }

  override brokerLink(): BrokerLink {
    return this.link.state();
  }

  protected async send(placeId: number, command: DeviceCommand): Promise<void> {
    if (!this.client.connected) throw new Error('broker not connected');
    this.shared?.sentCommand(placeId, command);
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

  override async register(registration: ControllerRegistration): Promise<void> {
    await super.register(registration);
    const controller = this.controllers.get(registration.placeId);
    if (controller && this.shared) controller.shared = true;
  }

  /** Another instance heard the controller: it is alive (and asked for a snapshot if it was not). */
  private seenElsewhere(placeId: number, at: number): void {
    const controller = this.controllers.get(placeId);
    if (!controller || this.shared!.diedAfter(placeId, at)) return;
    if (!controller.markSeen('seen')) return;
    const snapshot: DeviceCommand = { action: 'snapshot', commandId: randomUUID(), at: this.clock.now() };
    void this.send(placeId, snapshot).catch(() => undefined);
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
    this.shared?.forget(placeId);
    if (!this.client.connected) return;
    const worked = [t.doors, t.event, o.journal].map((topic) => this.shared?.shared(topic) ?? topic);
    await this.client.unsubscribeAsync([...worked, t.connection, t.cmd]).catch(() => undefined);
    // The place has no lockers any more: no config or credentials of ours stay retained for it.
    await this.client.publishAsync(t.config, '', { qos: 1, retain: true }).catch(() => undefined);
    await this.client.publishAsync(o.credentials, '', { qos: 1, retain: true }).catch(() => undefined);
  }

  protected async shutdown(): Promise<void> {
    // Our own goodbye is not a lost link.
    this.link.closing = true;
    this.shared?.close();
    // A clean goodbye drops our session at once instead of leaving it queued on the broker.
    if (this.client.connected) {
      await this.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    } else {
      await this.client.endAsync(true);
    }
  }

  private async subscribePlace(placeId: number): Promise<void> {
    const t = deviceTopics(placeId, this.prefix);
    const worked = [t.doors, t.event, offlineTopics(placeId, this.prefix).journal];
    // Shared: no retained copy on subscribe (Mosquitto 2.0 sends one to each member, MQTT 5 to
    // none); the snapshot each instance asks for when it hears the controller online comes to one.
    // The connection state (retained, last will) stays every instance's: it is how each knows.
    const sharedWorked = this.shared ? worked.map((w) => this.shared!.shared(w)) : null;
    const subscriptions = sharedWorked ? [this.client.subscribeAsync(sharedWorked, { qos: 1, rh: 2 })] : [];
    if (!this.shared) worked.push(t.connection);
    subscriptions.push(this.client.subscribeAsync(this.shared ? t.connection : worked, { qos: 1 }));
    await Promise.all(subscriptions).catch(() => undefined);
    // The commands other instances send (not our own: no local), so their door events are credited.
    await this.client.subscribeAsync(t.cmd, { qos: 1, nl: true }).catch(() => undefined);
  }

  private onCommand(placeId: number, text: string): void {
    const command = deviceCommandSchema.safeParse(parseControllerJson(text));
    // Not a command any instance of ours sent.
    if (!command.success) return;
    this.shared?.heardCommand(placeId, command.data);
    this.heardCommand(placeId, command.data);
  }

  /** Every message on a controller's topics is applied, or rejected with the reason (counted and logged). */
  private onMessage(topic: string, payload: Buffer): void {
    if (this.shared && topic.startsWith(this.serversPrefix)) return this.onServers(topic, payload);
    const route = this.routes.get(topic);
    // An empty retained message clears the topic; there is nothing to apply.
    if (!route || payload.length === 0) return;
    const text = payload.toString('utf8');
    // Another instance's command, not a controller's word: nothing to reject or count.
    if (route.kind === 'cmd') return this.onCommand(route.placeId, text);
    if (this.shared && route.kind !== 'connection') {
      this.shared.heard(route.placeId);
      if (route.kind === 'doors' && !this.shared.takeAwaitedSnapshot(route.placeId)) return;
      if (route.kind === 'event') {
        // Parsed once, here. An answer to another instance's command goes to it: it credits it.
        const json = parseControllerJson(text);
        const commandId = commandIdOf(json);
        if (commandId && this.shared.owner(commandId) === 'foreign')
          return void this.shared.forward(route.placeId, text);
        if (json !== null) return this.onControllerJson(topic, route, text, json);
      }
    }
    this.onControllerText(topic, route, text);
  }

  private onServers(topic: string, payload: Buffer): void {
    const taken = this.shared!.takeServers(topic, payload.toString('utf8'));
    const route = taken && this.routes.get(deviceTopics(taken.placeId, this.prefix).event);
    if (taken && route) this.onControllerText(`${this.prefix}/${taken.placeId}/event`, route, taken.payload);
  }

  private onControllerText(topic: string, route: Route, text: string): void {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.reject(route.placeId, 'badJson', { topic, error, payload: text.slice(0, 200) });
      return;
    }
    this.onControllerJson(topic, route, text, json);
  }

  private onControllerJson(topic: string, route: Route, text: string, json: unknown): void {
    if (route.kind === 'journal') {
      const entry = deviceJournalEntrySchema.safeParse(json);
      if (entry.success) this.receiveJournal(route.placeId, entry.data);
      else this.reject(route.placeId, 'invalidMessage', { topic, issues: describeIssues(entry.error) });
      return;
    }
    if (route.kind === 'cmd') return;
    const parsed = parse(route.kind, json);
    if (!parsed.success) {
      const { issues } = parsed;
      return this.reject(route.placeId, 'invalidMessage', { topic, issues, payload: text.slice(0, 200) });
    }
    const { message } = parsed;
    if (message.topic === 'connection' && !message.payload.online) this.shared?.died(route.placeId);
    this.receive(route.placeId, message);
  }
}
