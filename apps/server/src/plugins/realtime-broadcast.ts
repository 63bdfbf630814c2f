import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { Permission, Role } from '@cacifo/contract';

/** Longest a message waits for others to share its socket writes. */
const COALESCE_MS = 10;

export interface Recipient {
  socket: WebSocket;
  account: { role: Role } | null;
}

// `ws` exports its frame builder (`WebSocket.Sender`); its type declarations do not list it.
const { Sender } = WebSocket as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, boolean | number>): Buffer[] };
};

interface Pending {
  permission: Permission;
  data: Buffer;
  /** The message as a WebSocket text frame: a server's frames are not masked, so every socket gets the same bytes. */
  frame: Buffer;
}

/**
 * Sends realtime messages to many sockets. At a hundred door events a second to a thousand screens
 * the socket writes alone fill a core (docs/performance.md), so messages that follow each other
 * closely are written together: each is framed once, the frames a role may read are joined once,
 * and each socket gets one write per flush. A flush comes at once when the last one is older than
 * COALESCE_MS, else when that much time has passed: a quiet system adds no delay.
 *
 * The joined frames go straight to the socket under `ws` (`_socket`, as `ws` keeps it); each
 * write is whole frames, so the stream stays well formed beside `ws`'s own writes. A socket
 * without one gets the messages through `ws`, one by one.
 */
export class Broadcaster {
  private pending: Pending[] = [];
  /** Cancels the scheduled flush (a timeout or an immediate), while one is pending. */
  private cancel: (() => void) | null = null;
  private lastFlush = 0;

  constructor(
    private readonly recipients: () => Iterable<Recipient>,
    private readonly allowed: (role: Role, permission: Permission) => boolean,
  ) {}

  push(permission: Permission, data: Buffer): void {
    const frame = Buffer.concat(
      Sender.frame(data, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false }),
    );
    this.pending.push({ permission, data, frame });
    if (this.cancel) return;
    const wait = this.lastFlush + COALESCE_MS - performance.now();
    if (wait > 0) {
      const t = setTimeout(this.flush, wait);
      this.cancel = () => clearTimeout(t);
    } else {
      const i = setImmediate(this.flush);
      this.cancel = () => clearImmediate(i);
    }
  }

  readonly flush = (): void => {
    this.cancel?.();
    this.cancel = null;
    this.lastFlush = performance.now();
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    // Roles are few: what each may read is decided and joined once per flush, not per socket.
    const byRole = new Map<Role, { messages: Pending[]; joined: Buffer } | null>();
    for (const r of this.recipients()) {
      if (!r.account || r.socket.readyState !== r.socket.OPEN) continue;
      const role = r.account.role;
      let out = byRole.get(role);
      if (out === undefined) {
        const messages = batch.filter((m) => this.allowed(role, m.permission));
        out = messages.length ? { messages, joined: Buffer.concat(messages.map((m) => m.frame)) } : null;
        byRole.set(role, out);
      }
      if (!out) continue;
      const raw = (r.socket as unknown as { _socket?: Socket })._socket;
      if (raw?.writable) raw.write(out.joined);
      else for (const m of out.messages) r.socket.send(m.data, { binary: false });
    }
  };
}
