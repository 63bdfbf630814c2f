import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  controllerClientId,
  deviceCommandSchema,
  deviceConfigSchema,
  deviceTopics,
  type ControllerMessage,
  type DeviceConnection,
  type DeviceTopics,
} from '@cacifo/contract';
import { SimulatedController } from './controller.js';
import type { SimulatedControllerOptions } from './options.js';

export interface MqttControllerOptions extends SimulatedControllerOptions {
  url: string;
  /** Topic prefix, `cacifo` by default; tests use their own to stay apart. */
  prefix?: string;
  mqtt?: IClientOptions;
}

export interface MqttControllerHandle {
  controller: SimulatedController;
  client: MqttClient;
  topics: DeviceTopics;
  /** Resolves once the first connection is up and the controller has announced itself. */
  ready: Promise<void>;
  /** Graceful: publishes `online: false` itself, then disconnects. */
  stop(): Promise<void>;
  /** A power cut: the socket drops without DISCONNECT, so the broker publishes the last will. */
  kill(): void;
}

/** Runs a simulated controller on an MQTT broker, speaking the topics of docs/devices.md. */
export function runMqttController(options: MqttControllerOptions): MqttControllerHandle {
  const { url, prefix, mqtt: mqttOptions, ...controllerOptions } = options;
  const topics = deviceTopics(options.placeId, prefix);
  const controller = new SimulatedController(controllerOptions);
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
    if (topic !== topics.cmd && topic !== topics.config) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
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
    client.subscribe([topics.cmd, topics.config], { qos: 1 }, (err) => {
      if (err) return;
      // The will may have overwritten `online` while we were away: say it again on every connect.
      if (controller.isRunning) controller.announce();
      else controller.start();
      resolveReady();
    });
  });
  client.on('error', () => {
    // mqtt.js retries by itself; an unhandled 'error' event would crash the process instead.
  });

  return {
    controller,
    client,
    topics,
    ready,
    async stop() {
      controller.stop();
      unlisten();
      await client.endAsync();
    },
    kill() {
      unlisten();
      controller.stop();
      client.end(true);
    },
  };
}
