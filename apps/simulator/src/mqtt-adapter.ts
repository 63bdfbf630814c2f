import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  controllerClientId,
  deviceCommandSchema,
  deviceConfigSchema,
  deviceCredentialDeltaSchema,
  deviceCredentialSetSchema,
  deviceJournalAckSchema,
  deviceTopics,
  offlineTopics,
  serverHeartbeatTopic,
  type ControllerMessage,
  type DeviceConnection,
  type DeviceTopics,
} from '@cacifo/contract';
import { SimulatedController } from './controller.js';
import { startLocalApi, type LocalApiHandle } from './local-api.js';
import { OfflineAgent } from './offline-agent.js';
import type { SimulatedControllerOptions } from './options.js';

export interface MqttControllerOptions extends SimulatedControllerOptions {
  url: string;
  /** Topic prefix, `cacifo` by default; tests use their own to stay apart. */
  prefix?: string;
  mqtt?: IClientOptions;
  /** The place key (64 hex digits) provisioned at installation: the wall then decides alone. */
  key?: string | null;
  /** Serves the local API (keypad, card, QR, deposit) on this port; 0 picks a free one. */
  localPort?: number | null;
  /** Origins of the kiosk pages that may call the local API from a browser (CORS); none by default. */
  allowOrigins?: readonly string[];
  /** No server heartbeat for this long: the server is unreachable (default 15 s). */
  serverTimeoutMs?: number;
  /** The local API also serves the simulator's hands (tags in and out, doors shut): tests, demos. */
  hands?: boolean;
}

export interface MqttControllerHandle {
  controller: SimulatedController;
  client: MqttClient;
  topics: DeviceTopics;
  /** Credentials, journal and server watch (docs/adr/0125). */
  agent: OfflineAgent;
  /** The local API, when a port was asked for; resolves once it listens. */
  localApi: Promise<LocalApiHandle> | null;
  /** Resolves once the first connection is up and the controller has announced itself. */
  ready: Promise<void>;
  /** Graceful: publishes `online: false` itself, then disconnects. */
  stop(): Promise<void>;
  /** A power cut: the socket drops without DISCONNECT, so the broker publishes the last will. */
  kill(): void;
}

/** Runs a simulated controller on an MQTT broker, speaking the topics of docs/devices.md. */
export function runMqttController(options: MqttControllerOptions): MqttControllerHandle {
  const {
    url,
    prefix,
    mqtt: mqttOptions,
    key,
    localPort,
    allowOrigins,
    serverTimeoutMs,
    hands,
    ...controllerOptions
  } = options;
  const topics = deviceTopics(options.placeId, prefix);
  const offline = offlineTopics(options.placeId, prefix);
  const heartbeatTopic = serverHeartbeatTopic(prefix);
  const controller = new SimulatedController(controllerOptions);
  const agent = new OfflineAgent({
    controller,
    key: key ? Buffer.from(key, 'hex') : null,
    ...(serverTimeoutMs ? { serverTimeoutMs } : {}),
    ...(controllerOptions.clock ? { clock: controllerOptions.clock } : {}),
  });
  const unjournal = agent.onJournal((entry) => {
    if (client.connected) client.publish(offline.journal, JSON.stringify(entry), { qos: 1 });
  });
  const will: DeviceConnection = { online: false };
  const client = mqtt.connect(url, {
    protocolVersion: 5,
    // One client id per controller: a second process simulating the same place takes over the
    // session (the broker drops the first), as a duplicated real controller would.
    clientId: controllerClientId(options.placeId, prefix),
    // Stateless on purpose: commands queued while it was away expire anyway, and it republishes
    // its whole state on every connect.
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    will: { topic: topics.connection, payload: Buffer.from(JSON.stringify(will)), qos: 1, retain: true },
    ...mqttOptions,
  });

  const topicOf: Record<ControllerMessage['topic'], string> = {
    event: topics.event,
    doors: topics.doors,
    connection: topics.connection,
  };
  const unlisten = controller.onMessage((message) => {
    // State topics are retained so a server that connects later reads the current state at once.
    client.publish(topicOf[message.topic], JSON.stringify(message.payload), {
      qos: 1,
      retain: message.topic !== 'event',
    });
  });

  client.on('message', (topic, payload) => {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (onOfflineMessage(agent, offline, heartbeatTopic, topic, json)) return;
    if (topic !== topics.cmd && topic !== topics.config) return;
    if (topic === topics.config) {
      // An empty retained payload (topic cleared) or a bad one leaves the current settings.
      const config = deviceConfigSchema.safeParse(json);
      if (config.success) controller.applyConfig(config.data);
      return;
    }
    const command = deviceCommandSchema.safeParse(json);
    if (command.success) controller.handleCommand(command.data);
  });

  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  client.on('connect', () => {
    const subscriptions = [topics.cmd, topics.config, offline.credentials, offline.credentialsDelta];
    subscriptions.push(offline.journalAck, heartbeatTopic);
    client.subscribe(subscriptions, { qos: 1 }, (err) => {
      if (err) return;
      // The will may have overwritten `online` while we were away: say it again on every connect.
      if (controller.isRunning) controller.announce();
      else controller.start();
      resolveReady();
    });
  });
  // Without the broker the server cannot hear us, whatever its last heartbeat said.
  client.on('close', () => agent.serverLost());
  client.on('error', () => {
    // mqtt.js retries by itself; an unhandled 'error' event would crash the process instead.
  });

  const localApi =
    localPort === undefined || localPort === null
      ? null
      : startLocalApi(agent, localPort, '0.0.0.0', allowOrigins ?? [], { hands: hands ?? false });
  const closeLocal = async () => {
    unjournal();
    agent.stop();
    await (await localApi?.catch(() => null))?.close();
  };
  return {
    controller,
    client,
    topics,
    agent,
    localApi,
    ready,
    async stop() {
      controller.stop();
      unlisten();
      await closeLocal();
      await client.endAsync();
    },
    kill() {
      unlisten();
      controller.stop();
      void closeLocal();
      client.end(true);
    },
  };
}

/** The server's credential, acknowledgement and heartbeat messages; true when `topic` was one. */
function onOfflineMessage(
  agent: OfflineAgent,
  offline: ReturnType<typeof offlineTopics>,
  heartbeatTopic: string,
  topic: string,
  json: unknown,
): boolean {
  if (topic === heartbeatTopic) agent.serverSeen();
  else if (topic === offline.credentials) {
    const set = deviceCredentialSetSchema.safeParse(json);
    if (set.success) agent.applyCredentials(set.data);
  } else if (topic === offline.credentialsDelta) {
    const delta = deviceCredentialDeltaSchema.safeParse(json);
    if (delta.success) agent.applyDelta(delta.data);
  } else if (topic === offline.journalAck) {
    const ack = deviceJournalAckSchema.safeParse(json);
    if (ack.success) agent.applyAck(ack.data);
  } else return false;
  return true;
}
