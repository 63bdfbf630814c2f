import { spawn, type ChildProcess } from 'node:child_process';
import mqtt from 'mqtt';
import { freePort, until } from './server-process.js';

/**
 * A Mosquitto of one test's own on a free port, to stop and start again (a broker restart): the
 * shared broker on 1883 serves everyone else and is never touched. In memory, as an installed broker
 * without persistence: retained messages do not survive the restart.
 */
export class OwnBroker {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port ||= await freePort();
    this.child = spawn('mosquitto', ['-p', String(this.port)], { stdio: 'ignore' });
    await until(() => this.answers(), 10_000);
  }

  /** A broker crash: no goodbye to anyone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  private async answers(): Promise<boolean> {
    try {
      const client = await mqtt.connectAsync(this.url, { connectTimeout: 500, reconnectPeriod: 0 });
      await client.endAsync();
      return true;
    } catch {
      return false;
    }
  }
}
