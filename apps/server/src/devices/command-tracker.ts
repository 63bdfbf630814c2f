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
}

/** Walks each door command through requested, sent, acknowledged and its outcome, with timeouts. */
export class CommandTracker {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly clock: Clock,
    private readonly emit: (event: CommandEvent) => void,
  ) {}

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
      this.pending.set(commandId, { result, timer: null, resolve });
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
