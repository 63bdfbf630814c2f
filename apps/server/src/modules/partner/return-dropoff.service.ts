import { createHash, randomInt } from 'node:crypto';
import {
  RETURN_CODE_DIGITS,
  type PartnerReturn,
  type partnerReturnInputSchema,
  type ReturnDropoff,
} from '@cacifo/contract';
import type { z } from 'zod';
import type { Account, ApiKeyCaller, KioskCaller } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import type { OrdersDeps } from '../orders/orders-deps.js';
import type { OrdersService } from '../orders/orders.service.js';
import { clientsRepository } from '../clients/clients.repository.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import type { PartnerOrdersService } from './partner-orders.service.js';
import { returnDropoffRepository as repo } from './return-dropoff.repository.js';

/** Only the hash of a return code is kept (as pickup codes, docs/adr/0051). */
const codeHash = (code: string) => createHash('sha256').update(`return:${code}`).digest('hex');

/**
 * Returns dropped off at a delivery wall (issue #33, docs/adr/0180). The partner pre-advises a
 * return (an order of delivery type 2) and gets an 8-digit return code for its customer; at the
 * wall's kiosk the code opens a free locker of the return's size through the same order engine as a
 * deposit, and the door closing stores it: the `return.dropped_off` webhook tells the partner.
 */
export class ReturnDropoffService {
  private readonly guard: KioskGuard;
  constructor(
    private readonly deps: OrdersDeps,
    private readonly partnerOrders: Pick<PartnerOrdersService, 'create'>,
    private readonly orders: Pick<OrdersService, 'assignLocker' | 'storePackage'>,
  ) {
    this.guard = new KioskGuard(deps.db);
  }

  /** POST /api/partner/v1/returns: the return and its code, shown this once. */
  async create(key: ApiKeyCaller, input: z.output<typeof partnerReturnInputSchema>): Promise<PartnerReturn> {
    const returnCode = await this.freshCode();
    const order = await this.partnerOrders.create(key, input, codeHash(returnCode));
    return { ...order, returnCode };
  }

  /** A code no waiting return answers to (8 digits: a clash is rare, tried again). */
  private async freshCode(): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = String(randomInt(0, 10 ** RETURN_CODE_DIGITS)).padStart(RETURN_CODE_DIGITS, '0');
      if ((await repo.waitingByHash(this.deps.db, codeHash(code))).length === 0) return code;
    }
    throw new AppError('conflict');
  }

  /**
   * POST /api/kiosk/returns/dropoff: the customer's code at this wall opens a free locker of the
   * return's size. Wrong codes count per code, screen and place (ADR 0130); a return headed to
   * another location is not found here.
   */
  async dropOff(screen: KioskCaller, code: string): Promise<ReturnDropoff> {
    const place = screen.place;
    if (place?.type !== 'DELIVERY') throw new AppError('kioskNotBound');
    const attempt = await this.guard.begin(screen, 'returnCode', code);
    const found = (await repo.waitingByHash(this.deps.db, codeHash(code))).find(
      (r) => r.target_place_id === null || r.target_place_id === place.id,
    );
    // A return advised to no location goes to any location granted to its client (ADR 0190).
    const granted =
      found?.target_place_id === null && found.company !== null
        ? (await clientsRepository.grantedPlaceIds(this.deps.db, found.company)).includes(place.id)
        : found !== undefined;
    if (!found || !found.parcel_size || !granted) throw new AppError('wrongPin');
    await attempt.succeeded();
    // The screen acts, named as the customer dropping a return off (the order's logs say so).
    const customer: Account = { ...screen, name: 'Cliente (devolução)', company: null };
    const assigned = await this.orders.assignLocker(customer, {
      locationId: place.id,
      size: found.parcel_size,
      packageId: found.package_id,
    });
    const opened = await this.orders.storePackage(customer, found.package_id);
    return {
      packageId: opened.packageId,
      doorNumber: assigned.assignedLocker!.doorNumber,
      size: assigned.assignedLocker!.size,
      state: opened.state,
    };
  }
}
