import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection, createServer } from 'node:net';
import { expect, test, type BrowserContext } from '@playwright/test';
import { signIn } from '../support/api';
import { ACCOUNTS } from '../support/accounts';
import { OwnWall } from '../support/own-wall';
import { ServiceStatusPage } from '../pages/service-status-page';

/** A Mosquitto of the spec's own on a free port, to stop and start again; the shared one stays. */
class OwnBroker {
  private child: ChildProcess | null = null;
  port = 0;

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.port ||= await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const address = srv.address();
        srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    this.child = spawn('mosquitto', ['-p', String(this.port)], { stdio: 'ignore' });
    await expect.poll(() => this.listening(), { timeout: 10_000 }).toBe(true);
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

  private listening(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = createConnection(this.port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() !== null));
      socket.once('error', () => resolve(false));
    });
  }
}

/**
 * Issue #32: losing and regaining the broker is shown on the service status page. A server of the
 * spec's own on a broker of its own; the broker is killed and started again on the same port.
 */
test.describe('the service status shows the broker link', () => {
  const broker = new OwnBroker();
  let world: OwnWall | null = null;
  let context: BrowserContext | null = null;
  test.afterAll(async () => {
    await context?.close();
    world?.close();
    await broker.stop();
  });

  test('the broker killed: the page says so; back: the link is online again', async ({ browser }) => {
    test.setTimeout(150_000);
    await broker.start();
    world = new OwnWall(broker.url);
    await world.startServer();
    context = await browser.newContext({ baseURL: world.base });
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin, '/service-status');
    const status = new ServiceStatusPage(page);
    const link = status.brokerLink;
    await expect(link).toContainText('Em linha');
    await expect(link).toHaveAttribute('title', broker.url);
    await expect(status.brokerDown).toHaveCount(0);

    await broker.stop();
    // The page polls every 15 s.
    const down = status.brokerDown;
    await expect(down).toBeVisible({ timeout: 40_000 });
    await expect(down).toContainText(broker.url);
    await expect(link).toContainText('Sem ligação');

    await broker.start();
    await expect(down).toHaveCount(0, { timeout: 40_000 });
    await expect(link).toContainText('Em linha');
  });
});
