import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { ExteriorPurpose } from '@cacifo/contract';
import {
  EXTERIOR_DOOR,
  type DoorCommandOutcome,
  type DoorCommandResult,
  type LockerDriver,
} from '../../devices/locker-driver.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import type { DoorEventsService } from './door-events.service.js';
import { doorRuntimeRepository } from './door-runtime.repository.js';

export interface DoorOpenRequest {
  actor: Pick<Account, 'id'> | null;
  /** Why the door is opened: recorded with the command (e.g. 'remoteOpen', 'deposit', 'pickup'). */
  reason: string;
  /** The locker user at the kiosk, when a person (not an operator) opened it. */
  userId?: number | null;
}

export interface DoorOpenResult {
  ok: boolean;
  outcome: DoorCommandOutcome;
  commandId: string;
  lockerId: number | null;
  placeId: number;
  doorNumber: number;
  failureReason: string | null;
}

/**
 * Opening doors for every area: looks the locker up, tells the event recorder who is asking,
 * sends the command through the driver and records the command with its outcome. Device failures
 * are results, not exceptions: the caller decides what the operator is told.
 */
export class DoorService {
  constructor(
    private readonly db: Db,
    private readonly driver: LockerDriver,
    private readonly events: DoorEventsService,
  ) {}

  async open(lockerId: number, req: DoorOpenRequest): Promise<DoorOpenResult> {
    const locker = await doorRuntimeRepository.lockerById(this.db, lockerId);
    if (!locker) throw new AppError('notFound');
    return this.openDoor(locker.place_id, locker.door_number, req, locker.id);
  }

  async openDoor(
    placeId: number,
    doorNumber: number,
    req: DoorOpenRequest,
    lockerId: number | null = null,
  ): Promise<DoorOpenResult> {
    const release = this.events.expectCommand(placeId, doorNumber, {
      adminId: req.actor?.id ?? null,
      userId: req.userId ?? null,
    });
    let result: DoorCommandResult;
    try {
      result = await this.driver.openDoor(placeId, doorNumber);
    } finally {
      // Keep the actor a moment for the door event that may trail the command result.
      setTimeout(release, 2000).unref();
    }
    await this.record(result, lockerId, req);
    return toResult(result, lockerId);
  }

  /**
   * Opens the exterior (courier/street) door of a place's locker wall, for a deposit (order state
   * 16) or a pickup (17). The command is recorded with door number 0 and no locker; the door's
   * changes come back as `exteriorDoor` bus events.
   */
  async openExterior(
    placeId: number,
    purpose: ExteriorPurpose,
    req: DoorOpenRequest,
  ): Promise<DoorOpenResult> {
    const release = this.events.expectCommand(placeId, EXTERIOR_DOOR, {
      adminId: req.actor?.id ?? null,
      userId: req.userId ?? null,
    });
    let result: DoorCommandResult;
    try {
      result = await this.driver.openExterior(placeId, purpose);
    } finally {
      setTimeout(release, 2000).unref();
    }
    await this.record(result, null, req);
    return toResult(result, null);
  }

  /** Opens many doors of a place (cleaning, emergency), a few at a time. */
  async openMany(
    placeId: number,
    doors: ReadonlyArray<{ lockerId: number; doorNumber: number }>,
    req: DoorOpenRequest,
  ) {
    const releases = doors.map((d) =>
      this.events.expectCommand(placeId, d.doorNumber, { adminId: req.actor?.id ?? null, userId: null }),
    );
    try {
      const results = await this.driver.openMany(
        placeId,
        doors.map((d) => d.doorNumber),
      );
      const out: DoorOpenResult[] = [];
      for (const [i, r] of results.entries()) {
        const lockerId = doors[i]?.lockerId ?? null;
        await this.record(r, lockerId, req);
        out.push(toResult(r, lockerId));
      }
      return out;
    } finally {
      for (const release of releases) setTimeout(release, 2000).unref();
    }
  }

  private async record(r: DoorCommandResult, lockerId: number | null, req: DoorOpenRequest) {
    await doorRuntimeRepository.insertCommand(this.db, {
      command_id: r.commandId,
      place_id: r.placeId,
      locker_id: lockerId,
      door_number: r.doorNumber,
      admin_id: req.actor?.id ?? null,
      user_id: req.userId ?? null,
      reason: req.reason,
      outcome: r.outcome,
      failure_reason: r.reason,
      requested_at: r.requestedAt.toISOString(),
      acknowledged_at: r.acknowledgedAt?.toISOString() ?? null,
      finished_at: r.finishedAt.toISOString() ?? nowIso(),
    });
  }
}

/**
 * The error a caller throws for a door that did not open, by what happened: a jammed door is the
 * hardware refusing (409 doorJammed: someone must free it), an unreachable controller 503
 * deviceUnavailable, anything else (no answer in time, refused) 503 doorOpenFailed. `Data` carries
 * the result and whatever the caller adds.
 */
export function doorNotOpened(result: DoorOpenResult, extra: object = {}): AppError {
  const code =
    result.outcome === 'jammed'
      ? 'doorJammed'
      : result.outcome === 'offline'
        ? 'deviceUnavailable'
        : 'doorOpenFailed';
  return new AppError(code, { ...result, ...extra });
}

function toResult(r: DoorCommandResult, lockerId: number | null): DoorOpenResult {
  return {
    ok: r.ok,
    outcome: r.outcome,
    commandId: r.commandId,
    lockerId,
    placeId: r.placeId,
    doorNumber: r.doorNumber,
    failureReason: r.reason,
  };
}
