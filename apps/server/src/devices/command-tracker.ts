import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '@cacifo/simulator';
import {
  SUCCESSFUL_OUTCOMES,
  type CommandEvent,
  type DoorCommandOutcome,
  type DoorCommandResult,
} from './locker-driver.js';

type Started = Omit<DoorCommandResult, 'outcome' | 'ok' | 'reason' | 'finishedAt'>;

interface Pending {
  result: Started;
  timer: TimerHandle | null;
  resolve: (result: DoorCommandResult) => void;
  /** The commanded door's own event carrying this command id was heard. */
  doorSeen: boolean;
  /** A result that waits for that event (`opened` without it yet). */
  awaiting: { outcome: DoorCommandOutcome; reason: string | null } | null;
}

/** Where a command this server issued went: a door event is credited to it only on that door. */
export interface IssuedCommand {
  placeId: number;
  doorNumber: number;
}

/** Walks each door command through requested, sent, acknowledged and its outcome, with timeouts. */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();
  /** Commands finished within `keepMs`: a door event may trail the result. */
  private readonly recent = new Map<string, IssuedCommand & { until: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly emit: (event: CommandEvent) => void,
    private readonly keepMs = 2000,
  ) {}

  /** Commands another server instance sent (heard on the command topic), kept as long as one of ours. */
  private readonly foreign = new Map<string, IssuedCommand & { until: number }>();

  /** The place and door of a command a server issued, in flight or finished lately; else null. */
  issued(commandId: string): IssuedCommand | null {
    const pending = this.pending.get(commandId);
    if (pending) return { placeId: pending.result.placeId, doorNumber: pending.result.doorNumber };
    const known = this.recent.get(commandId) ?? this.foreign.get(commandId);
    if (!known || known.until < this.clock.now()) return null;
    return { placeId: known.placeId, doorNumber: known.doorNumber };
  }

  /** Another instance sent this command: its door events are credited, its result is not ours. */
  heardForeign(commandId: string, command: IssuedCommand, keepMs: number): void {
    if (this.pending.has(commandId)) return;
    const now = this.clock.now();
    for (const [id, r] of this.foreign) {
      if (r.until >= now) break;
      this.foreign.delete(id);
    }
    this.foreign.set(commandId, { ...command, until: now + keepMs });
  }

  isForeign(commandId: string): boolean {
    return this.foreign.has(commandId);
  }

  inFlight(commandId: string): boolean {
    return this.pending.has(commandId);
  }

  /** The commanded door reported the change the command caused: a result waiting for it ends. */
  doorSeen(commandId: string): void {
    const command = this.pending.get(commandId);
    if (!command) return;
    command.doorSeen = true;
    if (command.awaiting) this.finish(commandId, command.awaiting.outcome, command.awaiting.reason);
  }

  /**
   * A result that counts only with the door's own event: it ends now when the event came, when it
   * comes, or `failed`, `unconfirmed` after `graceMs` (then `onUnconfirmed` runs).
   */
  finishWhenSeen(
    commandId: string,
    outcome: DoorCommandOutcome,
    reason: string | null,
    graceMs: number,
    onUnconfirmed: (command: IssuedCommand) => void,
  ): void {
    const command = this.pending.get(commandId);
    if (!command || command.awaiting) return;
    if (command.doorSeen) return this.finish(commandId, outcome, reason);
    command.awaiting = { outcome, reason };
    if (command.timer) this.clock.clearTimeout(command.timer);
    command.timer = this.clock.setTimeout(() => {
      if (!this.pending.has(commandId)) return;
      this.finish(commandId, 'failed', 'unconfirmed');
      onUnconfirmed({ placeId: command.result.placeId, doorNumber: command.result.doorNumber });
    }, graceMs);
  }

  start(placeId: number, doorNumber: number): { commandId: string; done: Promise<DoorCommandResult> } {
    const commandId = randomUUID();
    const result: Started = {
      commandId,
      placeId,
      doorNumber,
      requestedAt: this.now(),
      sentAt: null,
      acknowledgedAt: null,
    };
    const done = new Promise<DoorCommandResult>((resolve) => {
      this.pending.set(commandId, { result, timer: null, resolve, doorSeen: false, awaiting: null });
    });
    this.stage(result, 'requested');
    return { commandId, done };
  }

  /** Arms the ack timeout before the transport runs: an in-process controller answers synchronously. */
  sent(commandId: string, ackTimeoutMs: number): void {
    const command = this.pending.get(commandId);
    if (!command) return;
    command.result.sentAt = this.now();
    this.stage(command.result, 'sent');
    this.arm(command, ackTimeoutMs, 'noAck');
  }

  acknowledged(commandId: string, resultTimeoutMs: number): void {
    const command = this.pending.get(commandId);
    if (!command || command.result.acknowledgedAt) return;
    command.result.acknowledgedAt = this.now();
    this.stage(command.result, 'acknowledged');
    this.arm(command, resultTimeoutMs, 'noResult');
  }

  finish(commandId: string, outcome: DoorCommandOutcome, reason: string | null): void {
    const command = this.pending.get(commandId);
    if (!command) return;
    this.pending.delete(commandId);
    if (command.timer) this.clock.clearTimeout(command.timer);
    const now = this.clock.now();
    for (const [id, r] of this.recent) {
      if (r.until >= now) break; // kept in the order they finished
      this.recent.delete(id);
    }
    const { placeId, doorNumber } = command.result;
    this.recent.set(commandId, { placeId, doorNumber, until: now + this.keepMs });
    this.stage(command.result, outcome, reason);
    const ok = SUCCESSFUL_OUTCOMES.includes(outcome);
    command.resolve({ ...command.result, outcome, ok, reason, finishedAt: this.now() });
  }

  /** Ends every command in flight to one place, or to all places without one. */
  finishAll(outcome: DoorCommandOutcome, reason: string, placeId?: number): void {
    for (const [id, command] of [...this.pending]) {
      if (placeId === undefined || command.result.placeId === placeId) this.finish(id, outcome, reason);
    }
  }

  private arm(command: Pending, ms: number, reason: string): void {
    if (command.timer) this.clock.clearTimeout(command.timer);
    const { commandId } = command.result;
    command.timer = this.clock.setTimeout(() => this.finish(commandId, 'failed', reason), ms);
  }

  private stage(result: Started, stage: CommandEvent['stage'], reason: string | null = null): void {
    const { commandId, placeId, doorNumber } = result;
    this.emit({ type: 'command', commandId, placeId, doorNumber, stage, reason, at: this.now() });
  }

  private now(): Date {
    return new Date(this.clock.now());
  }
}
