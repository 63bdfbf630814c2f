import { localHandsCloseBodySchema, localHandsTagBodySchema, type LocalHandsReply } from '@cacifo/contract';
import type { SimulatedController } from './controller.js';

/** The status and body a hands call answers. */
export interface HandsAnswer {
  status: number;
  body: LocalHandsReply | { error: string };
}

/**
 * The simulator's hands on its local API (`--hands`, docs/devices.md "The simulator"): a person
 * puts a tagged thing in a door or takes it out, or shuts a door. They are what a test of the
 * simulator as its own process needs to prove what the reader decides (issue #32: a retrieval whose
 * tag is still seen was not taken); a real controller has only its sensors. The caller refuses
 * browser pages before this runs.
 */
export function runHands(controller: SimulatedController, path: string, json: unknown): HandsAnswer {
  if (path === '/hands/tag') {
    const body = localHandsTagBodySchema.safeParse(json);
    if (!body.success) return { status: 400, body: { error: 'badRequest' } };
    const { door, tagId, present } = body.data;
    if (!hasDoor(controller, door)) return { status: 404, body: { error: 'unknownDoor' } };
    if (present) controller.placeTag(door, tagId);
    else controller.removeTag(door, tagId);
    return { status: 200, body: doorNow(controller, door) };
  }
  if (path === '/hands/close') {
    const body = localHandsCloseBodySchema.safeParse(json);
    if (!body.success) return { status: 400, body: { error: 'badRequest' } };
    if (!hasDoor(controller, body.data.door)) return { status: 404, body: { error: 'unknownDoor' } };
    controller.closeByHand(body.data.door);
    return { status: 200, body: doorNow(controller, body.data.door) };
  }
  return { status: 404, body: { error: 'notFound' } };
}

const hasDoor = (controller: SimulatedController, door: number) =>
  controller.snapshot().doors.some((d) => d.door === door);

function doorNow(controller: SimulatedController, door: number): LocalHandsReply {
  const d = controller.snapshot().doors.find((x) => x.door === door)!;
  return { ok: true, door, open: d.open, tags: d.tags ?? [] };
}
