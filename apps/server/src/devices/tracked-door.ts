import {
  DOOR_STATUS,
  type ControllerSequence,
  type DeviceDoor,
  type DeviceEvent,
  type DoorStatus,
} from '@cacifo/contract';
import type { ControllerState, DoorStateEvent, LockerDriverEvent } from './locker-driver.js';

/** One door of a TrackedController: what it last said and what subscribers were told of its tags. */
export interface TrackedDoor {
  /** What the controller last said; shown only while the controller is online. */
  reported: DeviceDoor | null;
  reportedAt: number | null;
  /** (boot, seq) of the last door report applied, and of the last tag report: older ones are not. */
  seq: ControllerSequence | null;
  tagSeq: ControllerSequence | null;
  /**
   * Tags subscribers were told are present, so reconnects emit only what changed. Null while
   * there are none: most doors never see a tag, and an empty set per door of 21,000 adds up.
   */
  announcedTags: Set<string> | null;
}

type TagEvent = Extract<DeviceEvent, { type: 'tag' }>;

export function newTrackedDoor(): TrackedDoor {
  return { reported: null, reportedAt: null, seq: null, tagSeq: null, announcedTags: null };
}

/** A tag event applied to what the door holds and to what subscribers were told. */
export function recordTag(door: TrackedDoor, event: TagEvent): void {
  if (door.reported) {
    const tags = new Set(door.reported.tags);
    if (event.present) tags.add(event.tagId);
    else tags.delete(event.tagId);
    door.reported = { ...door.reported, tags: [...tags] };
  }
  const announced = (door.announcedTags ??= new Set());
  if (event.present) announced.add(event.tagId);
  else announced.delete(event.tagId);
  if (announced.size === 0) door.announcedTags = null;
}

/**
 * Emits the difference between what the reader reports and what subscribers were last told (the
 * caller checks the controller is online and the door reported).
 */
export function syncDoorTags(
  placeId: number,
  doorNumber: number,
  door: TrackedDoor,
  reported: readonly string[],
  atMs: number,
  emit: (event: LockerDriverEvent) => void,
): void {
  if (reported.length === 0 && !door.announcedTags) return;
  const at = new Date(atMs);
  const announced = (door.announcedTags ??= new Set());
  const seen = new Set(reported);
  for (const tagId of seen) {
    if (announced.has(tagId)) continue;
    announced.add(tagId);
    emit({ type: 'tag', placeId, doorNumber, tagId, present: true, at });
  }
  for (const tagId of announced) {
    if (seen.has(tagId)) continue;
    announced.delete(tagId);
    emit({ type: 'tag', placeId, doorNumber, tagId, present: false, at });
  }
  if (announced.size === 0) door.announcedTags = null;
}

/** Offline (255) while the controller is offline or the door never reported. */
export function doorStatus(door: TrackedDoor, online: boolean): DoorStatus {
  return online && door.reported ? door.reported.status : DOOR_STATUS.OFFLINE;
}

export function doorStateEvent(
  door: TrackedDoor,
  online: boolean,
  change: Pick<DoorStateEvent, 'placeId' | 'doorNumber' | 'previousStatus' | 'commandId' | 'at' | 'sequence'>,
): DoorStateEvent {
  const { placeId, doorNumber, previousStatus, commandId, at, sequence } = change;
  return {
    type: 'doorState',
    placeId,
    doorNumber,
    status: doorStatus(door, online),
    previousStatus,
    open: online ? (door.reported?.open ?? null) : null,
    commanded: commandId !== null,
    commandId,
    at,
    ...(sequence ? { sequence } : {}),
  };
}

export function doorState(
  doorNumber: number,
  door: TrackedDoor,
  online: boolean,
): ControllerState['doors'][number] {
  return {
    doorNumber,
    status: doorStatus(door, online),
    open: online ? (door.reported?.open ?? null) : null,
    tags: [...(door.reported?.tags ?? [])],
    updatedAt: door.reportedAt === null ? null : new Date(door.reportedAt),
  };
}

/** Every tag the doors last reported (the whole picture told after a return online). */
export function reportedTags(
  doors: ReadonlyMap<number, TrackedDoor>,
): Array<{ doorNumber: number; tagId: string }> {
  const tags: Array<{ doorNumber: number; tagId: string }> = [];
  for (const [doorNumber, door] of doors)
    for (const tagId of door.reported?.tags ?? []) tags.push({ doorNumber, tagId });
  return tags;
}
