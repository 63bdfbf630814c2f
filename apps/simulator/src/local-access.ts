import {
  pickupQrPayload,
  type CredentialVia,
  type DeviceCommandOutcome,
  type DeviceCredential,
  type LocalApiLanguage,
  type LocalRefusal,
  type LocalReply,
} from '@cacifo/contract';
import { systemClock, type Clock } from './clock.js';
import { localText } from './local-texts.js';
import type { OfflineAgent } from './offline-agent.js';

/** Wrong codes per wall before it stops answering for a while: a 6-digit code stays unguessable. */
const FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 };

const validNow = (c: DeviceCredential, now: number) => c.windows.some((w) => w.from <= now && now < w.until);

type Opened = { door: number; outcome: 'opened' | 'alreadyOpen' | 'jammed' };

/**
 * The wall deciding alone (docs/devices.md, "The local API"): a code, QR or card is checked
 * against the credential set, the doors open, and the journal says so. The same rules whether the
 * server is reachable or not: it hears the journal at once when it is.
 */
export class LocalAccess {
  private failures: number[] = [];
  private readonly clock: Clock;

  constructor(
    private readonly agent: OfflineAgent,
    clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
  }

  /** A PIN at the keypad: a recipient's parcels (all of them share the code), a return, an office PIN. */
  keypad(code: string, lang: LocalApiLanguage): Promise<LocalReply> {
    return this.present('pin', code, lang, ['pickup', 'return', 'office']);
  }

  qr(qr: string, lang: LocalApiLanguage): Promise<LocalReply> {
    return this.present('qr', pickupQrPayload(qr), lang, ['pickup']);
  }

  /**
   * A card: the office user's lockers or one asset; with several, the reply lists the choices.
   * `kind` keeps only that kind (the kiosk's task).
   */
  async card(
    card: string,
    credential: string | undefined,
    lang: LocalApiLanguage,
    kind?: 'office' | 'asset',
  ): Promise<LocalReply> {
    // The kiosk's "open my locker" must never open an asset's door, and the reverse.
    const found = this.agent.store.find('card', card).filter((c) => kind === undefined || c.kind === kind);
    const chosen = credential === undefined ? found : found.filter((c) => c.id === credential);
    if (credential === undefined && chosen.length > 1) {
      return this.reply(lang, {
        reason: 'choose',
        choices: chosen.map((c) => ({ credential: c.id, kind: c.kind, doors: c.doors })),
      });
    }
    return this.decide('card', chosen, lang, this.agent.store.matchedOf('card', card));
  }

  /** A courier's code and a parcel's barcode: its reserved door, or a free one of its size. */
  async deposit(code: string, barcode: string, lang: LocalApiLanguage): Promise<LocalReply> {
    const refused = this.precheck(lang);
    if (refused) return refused;
    const now = this.clock.now();
    const credentials = this.agent.store.find('code', code).filter((c) => c.kind === 'deposit');
    if (credentials.length === 0) return this.fail(lang, 'unknownCode');
    const valid = credentials.filter((c) => validNow(c, now));
    if (valid.length === 0) return this.reply(lang, { reason: 'notNow' });
    for (const credential of valid) {
      const parcel = this.agent.store.parcel(credential.id, barcode);
      if (!parcel) continue;
      const door = this.agent.store.doorFor(parcel);
      if (door === null) return this.reply(lang, { reason: 'noFreeDoor' });
      const at = this.agent.nextSequence();
      this.agent.hold(door, at.seq);
      const outcome = await this.agent.controller.openLocally(door);
      if (!isDriven(outcome)) {
        this.agent.release(at.seq);
        return this.reply(lang, { reason: 'doorFailed' });
      }
      this.agent.write(
        {
          type: 'deposit',
          credentialId: credential.id,
          parcelId: parcel.id,
          door,
          outcome,
          ...matchedField(this.agent.store.matchedOf('code', code)),
          at: this.clock.now(),
        },
        at,
      );
      if (outcome === 'jammed') return this.reply(lang, { reason: 'doorFailed' });
      this.agent.store.markDeposited(parcel, door);
      return this.reply(lang, { kind: 'deposit', doors: [door] });
    }
    return this.reply(lang, { reason: 'unknownParcel' });
  }

  private async present(
    via: CredentialVia,
    value: string,
    lang: LocalApiLanguage,
    kinds: readonly DeviceCredential['kind'][],
  ): Promise<LocalReply> {
    const found = this.agent.store.find(via, value).filter((c) => kinds.includes(c.kind));
    // One recipient's parcels share a code: they all open; an office PIN opens only when no parcel does.
    const parcels = found.filter((c) => c.kind !== 'office');
    return this.decide(
      via,
      parcels.length > 0 ? parcels : found,
      lang,
      this.agent.store.matchedOf(via, value),
    );
  }

  private async decide(
    via: CredentialVia,
    found: DeviceCredential[],
    lang: LocalApiLanguage,
    matched: string | undefined,
  ) {
    const refused = this.precheck(lang);
    if (refused) return refused;
    if (found.length === 0) return this.fail(lang, 'unknownCode');
    const now = this.clock.now();
    const valid = found.filter((c) => validNow(c, now));
    if (valid.length === 0) return this.reply(lang, { reason: 'notNow' });
    const unused = valid.filter((c) => !this.agent.store.isUsed(c));
    if (unused.length === 0) return this.reply(lang, { reason: 'used' });
    const opened: number[] = [];
    for (const credential of unused) {
      // An office user's own locker first: one door, as at the kiosk; a parcel or an asset: its doors.
      const doors = credential.kind === 'office' ? credential.doors.slice(0, 1) : credential.doors;
      const driven = await this.open(credential, via, doors, matched);
      opened.push(...driven.filter((d) => d.outcome !== 'jammed').map((d) => d.door));
    }
    if (opened.length === 0) return this.reply(lang, { reason: 'doorFailed' });
    return this.reply(lang, { kind: unused[0]!.kind, doors: opened });
  }

  /** Opens the doors of one credential and journals it; used up once a door opened. */
  private async open(
    credential: DeviceCredential,
    via: CredentialVia,
    doors: readonly number[],
    matched: string | undefined,
  ) {
    const at = this.agent.nextSequence();
    const driven: Opened[] = [];
    for (const door of doors) {
      this.agent.hold(door, at.seq);
      const outcome = await this.agent.controller.openLocally(door);
      if (isDriven(outcome)) driven.push({ door, outcome });
    }
    if (driven.length === 0) {
      this.agent.release(at.seq);
      return driven;
    }
    if (driven.some((d) => d.outcome !== 'jammed')) this.agent.store.markUsed(credential);
    this.agent.write(
      {
        type: 'access',
        credentialId: credential.id,
        kind: credential.kind,
        via,
        doors: driven,
        ...matchedField(matched),
        at: this.clock.now(),
      },
      at,
    );
    return driven;
  }

  /** No key or no set yet, or too many wrong codes lately: nothing is checked. */
  private precheck(lang: LocalApiLanguage): LocalReply | null {
    if (!this.agent.store.hasKey || this.agent.store.version === null)
      return this.reply(lang, { reason: 'noCredentials' });
    const since = this.clock.now() - FAILURE_LIMIT.windowMs;
    this.failures = this.failures.filter((t) => t > since);
    return this.failures.length >= FAILURE_LIMIT.max ? this.reply(lang, { reason: 'tooManyAttempts' }) : null;
  }

  private fail(lang: LocalApiLanguage, reason: LocalRefusal): LocalReply {
    this.failures.push(this.clock.now());
    return this.reply(lang, { reason });
  }

  private reply(
    lang: LocalApiLanguage,
    r: {
      reason?: LocalRefusal;
      kind?: LocalReply['kind'];
      doors?: number[];
      choices?: LocalReply['choices'];
    },
  ): LocalReply {
    const doors = r.doors ?? [];
    const message = r.reason
      ? localText(lang, r.reason)
      : localText(lang, doors.length > 1 ? 'openedMany' : 'opened', doors);
    return {
      ok: !r.reason,
      ...(r.kind ? { kind: r.kind } : {}),
      doors,
      ...(r.reason ? { reason: r.reason } : {}),
      message,
      lang,
      ...(r.choices ? { choices: r.choices } : {}),
      serverReachable: this.agent.serverReachable,
    };
  }
}

const matchedField = (matched: string | undefined) => (matched ? { matched } : {});

function isDriven(o: DeviceCommandOutcome): o is Opened['outcome'] {
  return o === 'opened' || o === 'alreadyOpen' || o === 'jammed';
}
