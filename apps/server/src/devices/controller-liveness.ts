import { randomUUID } from 'node:crypto';
import type { ServerHeartbeat } from '@cacifo/contract';
import type { Clock, TimerHandle } from '@cacifo/simulator';
import { heartbeatIntervalFor, type ControllerChangeReason, type DriverTiming } from './locker-driver.js';
import type { CommandTracker } from './command-tracker.js';
import type { TrackedController } from './tracked-controller.js';

/**
 * Heartbeats both ways (ProtocolDriver): a controller not heard within offlineAfterMs goes offline,
 * one never heard since it was registered is marked so, and going offline fails the commands in
 * flight to it; the server's own beat tells controllers a server is there.
 */
export class ControllerLiveness {
  private readonly watchdog: TimerHandle;
  /** Tells controllers a server is there (docs/adr/0125): without it they know they work alone. */
  private readonly serverBeat: TimerHandle;
  private readonly instance = randomUUID().slice(0, 8);

  constructor(
    private readonly controllers: ReadonlyMap<number, TrackedController>,
    private readonly commands: CommandTracker,
    private readonly clock: Clock,
    private readonly timing: DriverTiming,
    private readonly sendServerHeartbeat: (beat: ServerHeartbeat) => Promise<void> | void,
  ) {
    const every = Math.max(10, Math.min(1000, Math.floor(timing.offlineAfterMs / 4)));
    this.watchdog = clock.setInterval(() => this.checkHeartbeats(), every);
    this.serverBeat = clock.setInterval(() => void this.beat(), heartbeatIntervalFor(timing));
  }

  markOffline(controller: TrackedController, reason: ControllerChangeReason): void {
    if (controller.markOffline(reason)) {
      this.commands.finishAll('offline', 'controllerOffline', controller.placeId);
    }
  }

  markAllOffline(reason: ControllerChangeReason): void {
    for (const controller of this.controllers.values()) this.markOffline(controller, reason);
  }

  stop(): void {
    this.clock.clearInterval(this.watchdog);
    this.clock.clearInterval(this.serverBeat);
  }

  private async beat(): Promise<void> {
    try {
      await this.sendServerHeartbeat({ instance: this.instance, at: this.clock.now() });
    } catch {
      // The next beat; controllers tolerate a few missed ones.
    }
  }

  private checkHeartbeats(): void {
    const now = this.clock.now();
    for (const controller of this.controllers.values()) {
      if (controller.online && now - (controller.lastSeenAt ?? 0) > this.timing.offlineAfterMs) {
        this.markOffline(controller, 'heartbeatTimeout');
      } else if (
        controller.lastSeenAt === null &&
        now - controller.registeredAt > this.timing.offlineAfterMs
      ) {
        controller.markNeverSeen();
      }
    }
  }
}
