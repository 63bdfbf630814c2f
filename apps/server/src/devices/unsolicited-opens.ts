import { compareSequence, type ControllerSequence } from '@cacifo/contract';
import type { Clock, TimerHandle } from '@cacifo/simulator';
import type { CommandTracker } from './command-tracker.js';
import type { DeviceWarnings } from './device-warnings.js';

/**
 * Doors that opened with no command of ours (ProtocolDriver): each waits a grace for the wall's
 * journal to explain it (an access the wall decided itself) before it is raised as an alert.
 */
export class UnsolicitedOpens {
  /** Doors that opened with no command of ours, waiting for the wall's journal to explain them. */
  private readonly unexplained = new Map<string, ControllerSequence & { timer: TimerHandle }>();
  /** Per door (`place:door`): the latest access the wall journalled, and whether it explained an open. */
  private readonly journalledAccess = new Map<string, ControllerSequence & { used: boolean }>();

  constructor(
    private readonly clock: Clock,
    private readonly warnings: DeviceWarnings,
    private readonly commands: CommandTracker,
    private readonly graceMs: number,
  ) {}

  /**
   * `door` is 0 for the exterior door. `commandId` is the one the event named, if any: an instance
   * that heard another's command only after its door event still credits it when the grace ends.
   */
  watch(
    placeId: number,
    door: number,
    event: ControllerSequence,
    commandId: string | undefined,
    raise: (report: ControllerSequence) => boolean,
  ): void {
    const key = `${placeId}:${door}`;
    const access = this.journalledAccess.get(key);
    if (access && !access.used && access.boot === event.boot && access.seq < event.seq) {
      access.used = true;
      return;
    }
    const previous = this.unexplained.get(key);
    if (previous) this.clock.clearTimeout(previous.timer);
    const report = { boot: event.boot, seq: event.seq };
    const timer = this.clock.setTimeout(() => {
      this.unexplained.delete(key);
      const issued = commandId === undefined ? null : this.commands.issued(commandId);
      if (issued && issued.placeId === placeId && issued.doorNumber === door) return;
      const raised = raise(report);
      this.warnings.warn(
        placeId,
        { placeId, door, ...report, alert: raised },
        raised
          ? 'door opened with no command and no access journalled: alert'
          : 'door opened with no command and no access journalled (closed since)',
      );
    }, this.graceMs);
    this.unexplained.set(key, { ...report, timer });
  }

  /** The wall opened a door by its own decision (journal): an open after it is not unsolicited. */
  accessJournalled(placeId: number, door: number, access: ControllerSequence): void {
    const key = `${placeId}:${door}`;
    const held = this.journalledAccess.get(key);
    if (held && compareSequence(access, held) <= 0) return;
    const watch = this.unexplained.get(key);
    const explains = watch !== undefined && watch.boot === access.boot && access.seq < watch.seq;
    if (explains) {
      this.clock.clearTimeout(watch.timer);
      this.unexplained.delete(key);
    }
    this.journalledAccess.set(key, { boot: access.boot, seq: access.seq, used: explains });
  }

  /** The driver closes: no alert is raised after it. */
  clear(): void {
    for (const w of this.unexplained.values()) this.clock.clearTimeout(w.timer);
    this.unexplained.clear();
  }
}
