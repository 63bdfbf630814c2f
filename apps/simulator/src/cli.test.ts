import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceTopics } from '@cacifo/contract';

const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `cacifo-cli-${randomUUID().slice(0, 8)}`;
const topics = deviceTopics(5, PREFIX);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

describe('simulator CLI over Mosquitto', () => {
  afterAll(async () => {
    const client = await mqtt.connectAsync(BROKER);
    await client.publishAsync(topics.doors, '', { retain: true, qos: 1 });
    await client.publishAsync(topics.connection, '', { retain: true, qos: 1 });
    await client.endAsync();
  });

  it('runs a controller process that opens and closes a door and says goodbye on SIGTERM', async () => {
    const client = await mqtt.connectAsync(BROKER);
    const seen: { topic: string; payload: Record<string, unknown> }[] = [];
    // Generous: a process started through tsx on a busy two-core machine took over 8 s to say hello.
    const waitFor = (match: (m: (typeof seen)[number]) => boolean, ms = 40_000) =>
      new Promise<void>((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          if (seen.some(match)) resolve();
          else if (Date.now() - started > ms) reject(new Error('timed out'));
          else return;
          clearInterval(poll);
        }, 20);
      });
    client.on('message', (topic, payload) => {
      if (payload.length) seen.push({ topic, payload: JSON.parse(payload.toString()) });
    });
    await client.subscribeAsync(`${PREFIX}/#`, { qos: 1 });

    const args = [
      '--import',
      'tsx',
      cli,
      '--mqtt',
      BROKER,
      '--place',
      '5',
      '--doors',
      '3',
      '--prefix',
      PREFIX,
    ];
    const child = spawn(process.execPath, [...args, '--latency', '50', '--auto-close', '200'], {
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitFor((m) => m.topic === topics.connection && m.payload.online === true);
      await waitFor((m) => m.topic === topics.doors && Array.isArray(m.payload.doors));
      const command = { action: 'open', commandId: 'cli-1', door: 3, at: Date.now() };
      await client.publishAsync(topics.cmd, JSON.stringify(command), { qos: 1 });
      const isDoor = (m: (typeof seen)[number], open: boolean) =>
        m.topic === topics.event &&
        m.payload.type === 'door' &&
        m.payload.door === 3 &&
        m.payload.open === open;
      await waitFor((m) => isDoor(m, true));
      await waitFor((m) => isDoor(m, false));
      expect(seen.find((m) => m.payload.type === 'commandResult')?.payload).toMatchObject({
        commandId: 'cli-1',
        outcome: 'opened',
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    await waitFor((m) => m.topic === topics.connection && m.payload.online === false);
    await client.endAsync();
  }, 90_000);
});
