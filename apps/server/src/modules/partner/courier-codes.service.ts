import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  COURIER_ACCESS_CODE_DIGITS,
  DELIVERY_TYPE,
  lockerSize,
  type CarrierDeposit,
  type CarrierParcels,
  type CourierCodes,
  type OrderState,
} from '@cacifo/contract';
import type { Account, ApiKeyCaller, KioskCaller } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { lisbonDayStartIso, lisbonParts } from '../marketplace/lisbon-time.js';
import type { DeliveryLockersService } from '../orders/delivery-lockers.service.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import type { OrdersService } from '../orders/orders.service.js';
import { openDoorAction } from '../orders/door-actions.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import { courierCodesRepository as repo, TO_DEPOSIT_STATES } from './courier-codes.repository.js';
import { credentialInputsChanged } from '../wall-offline/credential-inputs.js';

/** The code of a key (by its secret) at a place on a Lisbon day: 8 digits from an HMAC. */
export function accessCode(secret: string, placeId: number, day: string): string {
  const mac = createHmac('sha256', secret).update(`${placeId}:${day}`).digest();
  const n = mac.readBigUInt64BE(0) % 10n ** BigInt(COURIER_ACCESS_CODE_DIGITS);
  return n.toString().padStart(COURIER_ACCESS_CODE_DIGITS, '0');
}

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Carrier courier access codes (issue #24). Each key has a random secret; the code of a delivery
 * location for a Lisbon day is derived from it, so codes change at midnight by themselves and none
 * is stored. At a wall's kiosk a code finds its key, lists the parcels that key pre-advised there
 * and opens a locker for each through the same order engine as any deposit.
 */
export class CourierCodesService {
  private readonly guard: KioskGuard;
  constructor(
    private readonly deps: OrdersDeps,
    private readonly orders: Pick<OrdersService, 'assignLocker' | 'storePackage'>,
    private readonly lockers: Pick<DeliveryLockersService, 'deliveryPlaces'>,
  ) {
    this.guard = new KioskGuard(deps.db);
  }

  private async secretOf(keyId: number): Promise<string> {
    const known = await repo.secretOf(this.deps.db, keyId);
    if (known) return known;
    await repo.setSecretOnce(this.deps.db, keyId, randomBytes(32).toString('base64url'));
    // Its daily codes now exist: delivery walls take them at once (issue #32).
    credentialInputsChanged();
    return (await repo.secretOf(this.deps.db, keyId))!;
  }

  /**
   * GET /api/partner/v1/courier-codes: today's code of every delivery location granted to the key's
   * client (the only ones where a code of it opens anything).
   */
  async today(key: ApiKeyCaller, now = new Date()): Promise<CourierCodes> {
    const secret = await this.secretOf(key.id);
    const day = lisbonParts(now).date;
    const tomorrow = lisbonDayStartIso(new Date(Date.parse(lisbonDayStartIso(now)) + 26 * 3_600_000));
    const granted = new Set(await clientsRepository.grantedPlaceIds(this.deps.db, key.company));
    const places = (await this.lockers.deliveryPlaces()).filter((p) => granted.has(p.id));
    return {
      date: day,
      validUntil: tomorrow,
      codes: places.map((p) => ({
        locationId: p.id,
        locationName: p.name,
        code: accessCode(secret, p.id, day),
      })),
    };
  }

  /** The delivery place of the kiosk screen (its own, never one named by the caller). */
  private place(screen: KioskCaller) {
    const place = screen.place;
    if (place?.type !== 'DELIVERY') throw new AppError('kioskNotBound');
    return place;
  }

  /** The key a code typed at this screen belongs to; wrong codes count per code, screen and place. */
  private async carrier(screen: KioskCaller, placeId: number, code: string) {
    const attempt = await this.guard.begin(screen, 'carrierCode', code);
    const day = lisbonParts(new Date()).date;
    const keys = await repo.activeSecrets(this.deps.db, placeId);
    const key = keys.find((k) => sameCode(accessCode(k.courier_secret!, placeId, day), code));
    if (!key) throw new AppError('wrongPin');
    // A right code is not a failure: it gives its attempt back.
    await attempt.succeeded();
    return key;
  }

  async parcels(screen: KioskCaller, code: string): Promise<CarrierParcels> {
    const place = this.place(screen);
    const key = await this.carrier(screen, place.id, code);
    const [rows, [counts], returns] = await Promise.all([
      repo.parcels(this.deps.db, key.id, place.id),
      this.lockers.deliveryPlaces(place.id),
      key.company ? repo.droppedOff(this.deps.db, key.company, place.id) : [],
    ]);
    return {
      carrierName: key.name,
      parcels: rows.map((r) => ({
        packageId: r.package_id,
        recipientNumber: r.recipient_number,
        size: r.parcel_size !== null && lockerSize.has(r.parcel_size) ? r.parcel_size : null,
        state: r.state,
      })),
      availableLockers: counts?.availableLockers ?? { XS: 0, S: 0, M: 0, L: 0 },
      returns: returns.map((r) => ({
        packageId: r.package_id,
        recipientNumber: r.recipient_number,
        doorNumber: r.door_number,
      })),
    };
  }

  /**
   * Opens the door of one of the carrier's client's returns dropped off at this wall, for its courier
   * to take it (docs/adr/0180); the door closing records it collected (`return.collected`).
   */
  async collectReturn(screen: KioskCaller, code: string, packageId: string): Promise<CarrierDeposit> {
    const place = this.place(screen);
    const key = await this.carrier(screen, place.id, code);
    const waiting = key.company ? await repo.droppedOff(this.deps.db, key.company, place.id) : [];
    const found = waiting.find((r) => r.package_id.toUpperCase() === packageId.toUpperCase());
    if (!found) throw new AppError('orderNotExist');
    const order = (await ordersRepository.findById(this.deps.db, found.id))!;
    const courier: Account = { ...screen, name: `${key.name} (estafeta)`, company: null };
    const state = await openDoorAction(this.deps, order, 'collectReturn', courier);
    return {
      packageId: order.package_id,
      doorNumber: found.door_number,
      size: order.locker_size ?? '',
      state,
    };
  }

  /**
   * Reserves a locker for one of the carrier's parcels at this wall and opens it; the door closing
   * stores the parcel. The logs name the carrier's courier at this screen.
   */
  async deposit(
    screen: KioskCaller,
    code: string,
    packageId: string,
    size?: string,
  ): Promise<CarrierDeposit> {
    const place = this.place(screen);
    const key = await this.carrier(screen, place.id, code);
    const parcel = await repo.parcel(this.deps.db, packageId);
    const here = parcel?.target_place_id === null || parcel?.target_place_id === place.id;
    const isReturn = parcel?.delivery_type === DELIVERY_TYPE.RETURN_BOX;
    if (!parcel || parcel.api_key_id !== key.id || !here || isReturn) throw new AppError('orderNotExist');
    if (!TO_DEPOSIT_STATES.includes(parcel.state as (typeof TO_DEPOSIT_STATES)[number])) {
      throw new AppError('stateNotAllowed', { state: parcel.state as OrderState });
    }
    const chosen = size ?? parcel.parcel_size ?? undefined;
    if (!chosen || !lockerSize.has(chosen)) throw new AppError('selectSize');
    // The screen account acts, named as the carrier's courier (its logs say who deposited).
    const courier: Account = { ...screen, name: `${key.name} (estafeta)`, company: null };
    const assigned = await this.orders.assignLocker(courier, {
      locationId: place.id,
      size: chosen,
      packageId,
    });
    const opened = await this.orders.storePackage(courier, packageId);
    return {
      packageId: opened.packageId,
      doorNumber: assigned.assignedLocker!.doorNumber,
      size: assigned.assignedLocker!.size,
      state: opened.state,
    };
  }
}
