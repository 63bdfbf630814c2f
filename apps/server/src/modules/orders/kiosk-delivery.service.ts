import { hasPinHashes, rememberPin } from '../wall-offline/secret-hashes.js';
import {
  can,
  lockerSize,
  MODULE,
  type Module,
  orderStage,
  type AccountRole,
  type KioskDeposit,
  type KioskParcel,
  type KioskScreen,
  type KioskTask,
  type OrderState,
} from '@cacifo/contract';
import { AppError } from '../../lib/errors.js';
import type { Account, KioskCaller } from '../../lib/account.js';
import { PinLookup } from '../auth/pin-lookup.js';
import { KioskGuard } from '../rate-limits/kiosk-guard.js';
import type { DeliveryLockersService } from './delivery-lockers.service.js';
import { readGlobalOptions } from '../locations/global-options.js';
import { kioskScreensRepository } from './kiosk-screens.repository.js';
import { reaches } from './order-access.js';
import type { OrdersDeps } from './orders-deps.js';
import type { OrdersService } from './orders.service.js';
import { ordersRepository } from './orders.repository.js';

/** What a kiosk offers, by the kind of place it is installed at. */
const TASKS_OF_PLACE: Record<string, KioskTask[]> = {
  DELIVERY: ['pickup', 'deposit', 'returns'],
  // Assets are stored in office lockers; the assets kiosk is the office kiosk's (docs/adr/0072).
  // The office wall: open one's own locker, take and return an asset (issue #33).
  OFFICE: ['openLocker', 'assets', 'returnAsset'],
  ASSETS: ['assets'],
  // A passer-by rents a locker and pays; comes back with its PIN (docs/adr/0170).
  MARKETPLACE: ['rent', 'rental'],
};
/** Tasks that belong to a module, offered only while it is on. */
const TASK_MODULE: Partial<Record<KioskTask, Module>> = {
  assets: MODULE.ASSETS,
  rent: MODULE.MARKETPLACE,
  rental: MODULE.MARKETPLACE,
  returnAsset: MODULE.ASSETS,
  openLocker: MODULE.OFFICE,
};

/**
 * The kiosk screen of a delivery wall: where it is, and a courier's deposit there. The courier is
 * identified by their staff PIN (unique among staff, ADR 0004) and then acts as themselves: the
 * same state machine, store scoping and logs as a deposit from the back-office. Every call uses
 * the screen's own place (bound once by the auth plugin), never one named by the caller.
 */
export class KioskDeliveryService {
  private readonly guard: KioskGuard;
  private readonly pins: PinLookup;
  constructor(
    private readonly deps: OrdersDeps,
    private readonly orders: OrdersService,
    private readonly lockers: DeliveryLockersService,
    private readonly modules: readonly Module[],
  ) {
    this.guard = new KioskGuard(deps.db);
    this.pins = new PinLookup(deps.db);
  }

  async screen(screen: KioskCaller): Promise<KioskScreen> {
    const place = screen.place;
    return {
      placeId: place.id,
      placeName: place.name,
      placeType: place.type,
      tasks: (TASKS_OF_PLACE[place.type] ?? []).filter((task) => {
        const module = TASK_MODULE[task];
        return !module || this.modules.includes(module);
      }),
      message: (await readGlobalOptions(this.deps.db)).kioskMessage,
    };
  }

  /** The delivery place of the screen (a deposit anywhere else is refused as not bound). */
  private deliveryPlace(screen: KioskCaller) {
    const place = screen.place;
    if (place.type !== 'DELIVERY') throw new AppError('kioskNotBound');
    return place;
  }

  /** The staff account behind a PIN typed at this screen; wrong PINs count per PIN, screen and place. */
  async courier(screen: KioskCaller, code: string): Promise<Account> {
    this.deliveryPlace(screen);
    const attempt = await this.guard.begin(screen, 'courierPin', code);
    // inUse also fills the lookup of accounts seeded before it existed (ADR 0004).
    const row = (await this.pins.inUse(code, null))
      ? await kioskScreensRepository.staffByPinLookup(this.deps.db, await this.pins.of(code))
      : undefined;
    const role = row?.role as AccountRole | undefined;
    if (!row || row.enabled !== 1 || !role || !can(role, 'orders.deposit')) throw new AppError('wrongPin');
    // A right PIN is not a failure: it gives its attempt back.
    await attempt.succeeded();
    // A PIN set before walls kept their place hashes gets them the first time it is typed (issue #32).
    if (!(await hasPinHashes(this.deps.db, `courier:${row.id}`, screen.place.id)))
      await rememberPin(this.deps.db, { kind: 'courier', id: row.id }, code);
    return { id: row.id, username: row.username, name: row.name, role, company: row.company, tokenId: 0 };
  }

  async identify(screen: KioskCaller, code: string) {
    const courier = await this.courier(screen, code);
    return { courierName: courier.name || courier.username };
  }

  /** The parcel a courier is about to put in, if it can be deposited now, with the free sizes. */
  async parcel(screen: KioskCaller, code: string, packageId: string): Promise<KioskParcel> {
    const place = this.deliveryPlace(screen);
    const courier = await this.courier(screen, code);
    const order = await ordersRepository.findByPackageId(this.deps.db, packageId);
    // The courier reaches what it could reach from the back-office, and no more (issue #20).
    if (!order || !(await reaches(this.deps.db, courier, order, 'package')))
      throw new AppError('orderNotExist');
    const stage = orderStage(order.state as OrderState);
    if (stage !== 'toDeposit') throw new AppError('stateNotAllowed', { state: order.state, stage });
    const [counts] = await this.lockers.deliveryPlaces(place.id);
    return {
      packageId: order.package_id,
      recipientNumber: order.recipient_number,
      availableLockers: counts?.availableLockers ?? { XS: 0, S: 0, M: 0, L: 0 },
    };
  }

  /** Reserves a locker of the size at this wall and opens it; the door closing stores the parcel. */
  async deposit(screen: KioskCaller, code: string, packageId: string, size: string): Promise<KioskDeposit> {
    const place = this.deliveryPlace(screen);
    const courier = await this.courier(screen, code);
    if (!lockerSize.has(size)) throw new AppError('selectSize');
    const assigned = await this.orders.assignLocker(courier, { locationId: place.id, size, packageId });
    const opened = await this.orders.storePackage(courier, packageId);
    return {
      packageId: opened.packageId,
      doorNumber: assigned.assignedLocker!.doorNumber,
      size: assigned.assignedLocker!.size,
      state: opened.state,
    };
  }
}
