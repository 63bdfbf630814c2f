import { z } from 'zod';
import { stringify } from 'yaml';
import {
  controllerClientId,
  deviceCommandSchema,
  deviceConfigSchema,
  deviceConnectionSchema,
  deviceEventSchema,
  deviceSnapshotSchema,
  DEVICE_TOPIC_PREFIX,
} from './devices.js';
import {
  deviceCredentialDeltaSchema,
  deviceCredentialSetSchema,
  deviceJournalAckSchema,
  deviceJournalEntrySchema,
  serverHeartbeatSchema,
} from './device-offline.js';

/**
 * docs/asyncapi.yaml, built from the zod schemas of devices.ts (the ones the server and the
 * simulator validate with), from the controller's side: what it receives and what it sends.
 * `npm run docs:devices` writes it; a test fails when the committed file differs.
 */
function devicesAsyncApi(version: string): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const ref = (kind: 'schemas' | 'messages' | 'channels', name: string) => ({
    $ref: `#/${kind === 'channels' ? '' : 'components/'}${kind}/${name}`,
  });

  /** One message per schema; a discriminated union gives one message per option. */
  const add = (name: string, schema: z.ZodType, summary: string) => {
    schemas[name] = toSchema(schema);
    messages[name] = {
      name,
      title: name,
      summary,
      contentType: 'application/json',
      payload: ref('schemas', name),
    };
    return ref('messages', name);
  };
  const addUnion = (
    prefix: string,
    union: z.ZodDiscriminatedUnion<readonly z.ZodObject[]>,
    key: string,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const option of union.options) {
      const literal = (option.shape[key] as z.ZodLiteral<string>).value;
      const name = `${prefix}${literal[0]!.toUpperCase()}${literal.slice(1)}`;
      out[name] = add(name, option, option.description ?? name);
    }
    return out;
  };

  const placeId = {
    description:
      'The location (place) id in Cacifo, configured on the controller at installation (the number in the back-office URL /locations/{id}).',
  };
  const channel = (address: string, description: string, msgs: Record<string, unknown>) => ({
    address: `${DEVICE_TOPIC_PREFIX}/{placeId}/${address}`,
    description,
    parameters: { placeId },
    messages: msgs,
  });
  const channels = {
    command: channel(
      'cmd',
      'Commands from the server. QoS 1, not retained, with an MQTT 5 message expiry equal to the ack timeout (3 s): a command the controller receives late must not be carried out.',
      addUnion('command', deviceCommandSchema as never, 'action'),
    ),
    config: channel(
      'config',
      'Retained, from the server: applied on every (re)connect and whenever it changes.',
      { config: add('config', deviceConfigSchema, 'Controller settings') },
    ),
    event: channel(
      'event',
      'Events from the controller. QoS 1, not retained.',
      addUnion('event', deviceEventSchema as never, 'type'),
    ),
    doors: channel('state/doors', 'Retained full snapshot, republished after every change.', {
      snapshot: add('snapshot', deviceSnapshotSchema, 'Every door, its sensor, status and tags'),
    }),
    connection: channel('state/connection', 'Retained connection state; also the last will.', {
      connection: add('connection', deviceConnectionSchema, 'Online or offline'),
    }),
    // Working without the server (docs/adr/0125).
    credentials: channel(
      'credentials',
      'Retained, from the server: the credential set the controller checks alone (keyed hashes only).',
      { credentialSet: add('credentialSet', deviceCredentialSetSchema, 'The whole credential set') },
    ),
    credentialsDelta: channel(
      'credentials/delta',
      'From the server, not retained: what changed, applied only on top of fromVersion.',
      { credentialDelta: add('credentialDelta', deviceCredentialDeltaSchema, 'Credential increments') },
    ),
    journal: channel(
      'journal',
      'From the controller: what it did on its own, sent again at server heartbeats until acknowledged.',
      addUnion('journal', deviceJournalEntrySchema as never, 'type'),
    ),
    journalAck: channel('journal/ack', 'From the server, not retained: journal entries applied.', {
      journalAck: add('journalAck', deviceJournalAckSchema, 'Entries the controller may drop'),
    }),
    serverHeartbeat: {
      address: `${DEVICE_TOPIC_PREFIX}/server/heartbeat`,
      description:
        'Every server instance beats here every heartbeatIntervalMs of the config; none for the server timeout (15 s): the controller works alone.',
      messages: { serverHeartbeat: add('serverHeartbeat', serverHeartbeatSchema, 'A server is there') },
    },
  };
  const messagesOf = (name: keyof typeof channels) =>
    Object.keys(channels[name].messages).map((m) => ({ $ref: `#/channels/${name}/messages/${m}` }));
  const qos1 = (retain: boolean) => ({ mqtt: { qos: 1, retain, bindingVersion: '0.2.0' } });
  const operation = (
    action: 'send' | 'receive',
    name: keyof typeof channels,
    summary: string,
    retain: boolean,
  ) => ({
    action,
    summary,
    channel: ref('channels', name),
    messages: messagesOf(name),
    bindings: qos1(retain),
  });

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Cacifo locker controller',
      version,
      description: [
        'The MQTT protocol between the Cacifo server and a locker controller (one per place), seen from the controller.',
        'Generated from packages/contract/src/devices.ts by `npm run docs:devices`; docs/devices.md explains it.',
        'Every payload is UTF-8 JSON; every `at` is epoch milliseconds and the controller clock must be synchronised (NTP):',
        'a time more than 5 minutes off the receive time is replaced by the receive time and logged.',
        'A message that fails its schema (or names a door the place has no locker for) is dropped, logged with the reason and counted in service status.',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      broker: {
        host: 'localhost:1883',
        protocol: 'mqtt',
        protocolVersion: '5',
        description: 'MQTT 5 broker shared by the server (MQTT_URL) and the controllers.',
        bindings: {
          mqtt: {
            clientId: controllerClientId(0).replace('-0', '-{placeId}'),
            cleanSession: true,
            keepAlive: 30,
            lastWill: {
              topic: `${DEVICE_TOPIC_PREFIX}/{placeId}/state/connection`,
              qos: 1,
              message: '{"online":false}',
              retain: true,
            },
            bindingVersion: '0.2.0',
          },
        },
      },
    },
    channels,
    operations: {
      receiveCommand: operation(
        'receive',
        'command',
        'Carry out a command: ack first, then the outcome.',
        false,
      ),
      receiveConfig: operation('receive', 'config', 'Apply the server settings.', true),
      sendEvent: operation('send', 'event', 'Report acks, outcomes, door, tag and heartbeat events.', false),
      sendSnapshot: operation('send', 'doors', 'Publish the whole state after every change.', true),
      sendConnection: operation(
        'send',
        'connection',
        'Say online on every connect; offline on a clean stop.',
        true,
      ),
      receiveCredentials: operation('receive', 'credentials', 'Replace the credential set.', true),
      receiveCredentialsDelta: operation('receive', 'credentialsDelta', 'Apply an increment.', false),
      sendJournal: operation('send', 'journal', 'Journal what the wall did alone.', false),
      receiveJournalAck: operation('receive', 'journalAck', 'Drop acknowledged entries.', false),
      receiveServerHeartbeat: operation(
        'receive',
        'serverHeartbeat',
        'Know the server is there; send the journal.',
        false,
      ),
    },
    components: { schemas, messages },
  };
}

function toSchema(schema: z.ZodType): unknown {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export function renderDevicesAsyncApi(version: string): string {
  return `# Generated by \`npm run docs:devices\` from packages/contract/src/devices.ts. Do not edit.\n${stringify(
    devicesAsyncApi(version),
    { lineWidth: 0, aliasDuplicateObjects: false },
  )}`;
}
