import {
  deviceConnectionSchema,
  deviceEventSchema,
  deviceSnapshotSchema,
  type ControllerMessage,
} from '@cacifo/contract';
import type { z } from 'zod';

/** `mqtt://user:secret@host:1883` -> `mqtt://host:1883`: credentials are never logged or shown. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

export type Parsed = { success: true; message: ControllerMessage } | { success: false; issues: string[] };

export function parse(kind: ControllerMessage['topic'], json: unknown): Parsed {
  const schema =
    kind === 'event' ? deviceEventSchema : kind === 'doors' ? deviceSnapshotSchema : deviceConnectionSchema;
  const r = schema.safeParse(json);
  if (!r.success) return { success: false, issues: describeIssues(r.error) };
  return { success: true, message: { topic: kind, payload: r.data } as ControllerMessage };
}

/** `door: Too big: expected number to be <=9999`, one line per problem, for the log. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`);
}
