import { createHmac } from 'node:crypto';
import {
  credentialHashInput,
  KEY_CHECK_INPUT,
  type CredentialVia,
  type DeviceCredential,
  type DeviceCredentialDelta,
  type DeviceCredentialSet,
  type DeviceExpectedParcel,
} from '@cacifo/contract';

/** HMAC-SHA256 of a presented value with the place key, as the server computes it (docs/adr/0125). */
export function credentialHash(key: Buffer, via: CredentialVia | 'parcel', value: string): string {
  return createHmac('sha256', key).update(credentialHashInput(via, value)).digest('hex');
}

export function keyCheckOf(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_CHECK_INPUT).digest('hex').slice(0, 16);
}

/** What identifies a credential's content: a change (new code, new doors) makes it a new one. */
const signature = (c: DeviceCredential) => `${c.match.map((m) => m.hash).join(',')}|${c.doors.join(',')}`;
type FreeDoor = DeviceCredentialSet['freeDoors'][number];

/**
 * The credentials a controller holds: the server's last set, with what the controller itself used
 * since (one-time credentials, parcels put in, free doors taken) until the server's set says so.
 */
export class CredentialStore {
  private credentials = new Map<string, DeviceCredential>();
  private byHash = new Map<string, DeviceCredential[]>();
  private parcels: DeviceExpectedParcel[] = [];
  private freeDoors: FreeDoor[] = [];
  /** Used here, by id, with the signature they had: a stale set must not give them back. */
  private readonly used = new Map<string, string>();
  private readonly depositedParcels = new Set<string>();
  private readonly takenDoors = new Set<number>();
  version: number | null = null;
  /** Set when the last set was made with another key: the controller then decides nothing. */
  keyMismatch = false;

  constructor(private readonly key: Buffer | null) {}

  get hasKey(): boolean {
    return this.key !== null;
  }

  /** A full set replaces everything; older than what is held, it is ignored. */
  applySet(set: DeviceCredentialSet): boolean {
    if (!this.key) return false;
    if (set.keyCheck !== keyCheckOf(this.key)) {
      this.keyMismatch = true;
      return false;
    }
    this.keyMismatch = false;
    if (this.version !== null && set.version <= this.version) return false;
    this.credentials = new Map(set.credentials.map((c) => [c.id, c]));
    this.setLists(set.parcels, set.freeDoors);
    this.version = set.version;
    this.reindex();
    return true;
  }

  /** Applied only on top of the version it was made from; otherwise the next full set catches up. */
  applyDelta(delta: DeviceCredentialDelta): boolean {
    if (this.version === null || delta.fromVersion !== this.version || this.keyMismatch) return false;
    for (const id of delta.revoke) this.credentials.delete(id);
    for (const c of delta.upsert) this.credentials.set(c.id, c);
    this.setLists(delta.parcels, delta.freeDoors);
    this.version = delta.version;
    this.reindex();
    return true;
  }

  /** The first 16 hex digits of a presented value's hash: journalled, never the value. */
  matchedOf(via: CredentialVia, value: string): string | undefined {
    return this.key ? credentialHash(this.key, via, value).slice(0, 16) : undefined;
  }

  /** Credentials answering to a presented value, used or not. */
  find(via: CredentialVia, value: string): DeviceCredential[] {
    if (!this.key) return [];
    const hash = credentialHash(this.key, via, value);
    return (this.byHash.get(hash) ?? []).filter((c) => c.match.some((m) => m.via === via && m.hash === hash));
  }

  get(id: string): DeviceCredential | undefined {
    return this.credentials.get(id);
  }

  isUsed(c: DeviceCredential): boolean {
    return c.oneTime && this.used.get(c.id) === signature(c);
  }

  markUsed(c: DeviceCredential): void {
    if (c.oneTime) this.used.set(c.id, signature(c));
  }

  /** The expected parcel with this barcode that this deposit credential may put in, not yet in. */
  parcel(credentialId: string, barcode: string): DeviceExpectedParcel | undefined {
    if (!this.key) return undefined;
    const hash = credentialHash(this.key, 'parcel', barcode);
    return this.parcels.find(
      (p) => p.parcel === hash && p.depositors.includes(credentialId) && !this.depositedParcels.has(p.id),
    );
  }

  /** A door for the parcel: its reserved one, or a free one of its size not taken here since. */
  doorFor(parcel: DeviceExpectedParcel): number | null {
    if (parcel.door !== null) return this.takenDoors.has(parcel.door) ? null : parcel.door;
    return this.freeDoors.find((d) => d.size === parcel.size && !this.takenDoors.has(d.door))?.door ?? null;
  }

  markDeposited(parcel: DeviceExpectedParcel, door: number): void {
    this.depositedParcels.add(parcel.id);
    this.takenDoors.add(door);
  }

  get size(): number {
    return this.credentials.size;
  }

  private setLists(parcels: DeviceExpectedParcel[], freeDoors: FreeDoor[]): void {
    this.parcels = parcels;
    this.freeDoors = freeDoors;
    // What the server no longer lists, it has learnt about: the local marks can go.
    const listed = new Set(parcels.map((p) => p.id));
    for (const id of this.depositedParcels) if (!listed.has(id)) this.depositedParcels.delete(id);
    const free = new Set(freeDoors.map((d) => d.door));
    const reserved = new Set(parcels.map((p) => p.door));
    for (const door of this.takenDoors)
      if (!free.has(door) && !reserved.has(door)) this.takenDoors.delete(door);
  }

  private reindex(): void {
    this.byHash = new Map();
    for (const c of this.credentials.values()) {
      for (const m of c.match) {
        const list = this.byHash.get(m.hash);
        if (list) list.push(c);
        else this.byHash.set(m.hash, [c]);
      }
    }
    for (const [id, sig] of this.used) {
      const c = this.credentials.get(id);
      if (!c || signature(c) !== sig) this.used.delete(id);
    }
  }
}
