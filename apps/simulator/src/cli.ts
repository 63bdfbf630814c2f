import { parseArgs } from 'node:util';
import { runMqttController, type MqttControllerHandle } from './mqtt-adapter.js';

const USAGE = `Usage: npm run simulator -- [options]
  --mqtt <url>         broker (default $MQTT_URL or mqtt://127.0.0.1:1883)
  --place <ids>        place id, or several separated by commas (default 1)
  --doors <n>          doors per controller, numbered 1..n (default 18)
  --latency <ms>       open latency (default 300)
  --auto-close <ms>    close a door this long after it opened, or "never" (default 5000)
  --left-open <ms>     alert 11 when a door stays open this long, or "never", until the server's
                       config says otherwise (default never)
  --heartbeat <ms>     heartbeat interval until the server's config says otherwise (default 5000)
  --exterior           the wall has an exterior (courier/street) door
  --prefix <prefix>    topic prefix (default cacifo)
  --key <hex>          the place key (64 hex digits; several places: one per place, by commas):
                       with it the wall checks codes alone while the server is unreachable
  --local-port <port>  serve the local API (keypad, card, QR, deposit) on this port; several
                       places take the next ports in order
  --allow-origin <origins> the kiosk's server origin(s), by commas (e.g. https://cacifo.example):
                       browser pages from there may call the local API; any other page is refused
  --server-timeout <ms> no server heartbeat this long: the server is unreachable (default 15000)
  --hands              the local API also serves the simulator's hands (tests, demos; never a
                       browser page): POST /hands/tag {"door":3,"tagId":"T1","present":true|false}
                       puts a tagged thing in a door or takes it out; POST /hands/close {"door":3}`;

function integer(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

function optionalMs(name: string, raw: string | undefined, fallback: number | null): number | null {
  if (raw === 'never') return null;
  return raw === undefined ? fallback : integer(name, raw, 0);
}

function main(): void {
  const { values } = parseArgs({
    options: {
      mqtt: { type: 'string' },
      place: { type: 'string', default: '1' },
      doors: { type: 'string' },
      latency: { type: 'string' },
      'auto-close': { type: 'string' },
      'left-open': { type: 'string' },
      heartbeat: { type: 'string' },
      prefix: { type: 'string' },
      exterior: { type: 'boolean' },
      key: { type: 'string' },
      'local-port': { type: 'string' },
      'allow-origin': { type: 'string' },
      'server-timeout': { type: 'string' },
      hands: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = values.mqtt ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const placeIds = values.place.split(',').map((p) => integer('place', p.trim(), 1));
  const common = {
    url,
    ...(values.prefix ? { prefix: values.prefix } : {}),
    doors: integer('doors', values.doors, 18),
    openLatencyMs: integer('latency', values.latency, 300),
    autoCloseMs: optionalMs('auto-close', values['auto-close'], 5000),
    leftOpenAfterMs: optionalMs('left-open', values['left-open'], null),
    heartbeatIntervalMs: integer('heartbeat', values.heartbeat, 5000),
    exteriorDoor: values.exterior ?? false,
  };

  const keys = values.key?.split(',').map((k) => k.trim()) ?? [];
  for (const key of keys) if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new Error('--key must be 64 hex digits');
  if (keys.length > 0 && keys.length !== placeIds.length) throw new Error('--key: one key per place');
  const localPort =
    values['local-port'] === undefined ? null : integer('local-port', values['local-port'], 0);
  const serverTimeoutMs = integer('server-timeout', values['server-timeout'], 15_000);
  const allowOrigins = (values['allow-origin'] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of allowOrigins) {
    if (new URL(o).origin !== o)
      throw new Error(`--allow-origin: ${o} is not an origin (scheme://host[:port])`);
  }

  const handles: MqttControllerHandle[] = placeIds.map((placeId, i) => {
    const handle = runMqttController({
      ...common,
      placeId,
      key: keys[i] ?? null,
      localPort: localPort === null ? null : localPort + i,
      allowOrigins,
      serverTimeoutMs,
      hands: values.hands ?? false,
    });
    void handle.localApi?.then(
      (api) => console.log(`place ${placeId}: local API on http://127.0.0.1:${api.port}`),
      (err: Error) => console.error(`place ${placeId}: local API not started: ${err.message}`),
    );
    handle.client.on('connect', () => console.log(`place ${placeId}: connected to ${url}`));
    handle.client.on('offline', () => console.log(`place ${placeId}: broker unreachable, retrying`));
    handle.controller.onMessage((m) => {
      if (m.topic === 'event' && m.payload.type !== 'heartbeat') {
        console.log(`place ${placeId}: ${JSON.stringify(m.payload)}`);
      }
    });
    return handle;
  });
  console.log(`simulating place(s) ${placeIds.join(', ')} with ${common.doors} doors each; Ctrl+C to stop`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: saying goodbye to the broker`);
    // A broker that is down would make a graceful end wait forever.
    const force = setTimeout(() => process.exit(1), 3000);
    force.unref();
    void Promise.allSettled(handles.map((h) => h.stop())).then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  console.error(USAGE);
  process.exit(2);
}
