import type { Clock } from '@cacifo/simulator';
import type { BrokerLink, DriverLogger, LockerDriverEvent } from './locker-driver.js';

/** The MQTT driver's own link to the broker: up or down since when, logged and told (issue #32). */
export class BrokerLinkState {
  /** Set by the driver's own close: that is not a lost link. */
  closing = false;
  /** `everUp` tells a regain from the first connection. */
  private link: { up: boolean; since: number; everUp: boolean; warned: boolean };

  constructor(
    private readonly url: string,
    private readonly clock: Clock,
    private readonly logger: DriverLogger | undefined,
    private readonly emit: (event: LockerDriverEvent) => void,
  ) {
    this.link = { up: false, since: clock.now(), everUp: false, warned: false };
  }

  state(): BrokerLink {
    return { url: this.url, connected: this.link.up, since: new Date(this.link.since) };
  }

  /** Logged (info) and, for a regain, told to subscribers, which record it (issue #32). */
  up(): void {
    if (this.link.up) return;
    const now = this.clock.now();
    const { everUp, since } = this.link;
    this.link = { up: true, since: now, everUp: true, warned: false };
    if (!everUp) {
      this.logger?.info({ broker: this.url }, 'broker connected');
      return;
    }
    this.logger?.info({ broker: this.url, downForMs: now - since }, 'broker link back');
    const downSince = new Date(since);
    this.emit({ type: 'broker', url: this.url, connected: true, downSince, at: new Date(now) });
  }

  /** mqtt.js closes again on every failed reconnect: only the first close after being up counts. */
  down(): void {
    if (this.closing) return;
    if (!this.link.up) {
      if (this.link.everUp || this.link.warned) return;
      this.link.warned = true;
      this.logger?.warn({ broker: this.url }, 'broker not reachable: retrying every second');
      return;
    }
    const now = this.clock.now();
    this.link = { up: false, since: now, everUp: true, warned: true };
    this.logger?.warn({ broker: this.url }, 'broker link lost: every controller shows offline');
    this.emit({ type: 'broker', url: this.url, connected: false, downSince: null, at: new Date(now) });
  }
}
