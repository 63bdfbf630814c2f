import type { Rental } from '@cacifo/contract';
import type { Db, DbOrTx } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { KioskCaller } from '../../lib/account.js';
import { doorNotOpened, type DoorOpenResult, type DoorService } from '../lockers/doors.service.js';
import { toRental } from './mappers.js';
import type { Notify } from './notify.js';
import type { PaymentsService } from './payments.service.js';
import type { RentalCharges } from './rental-charges.js';
import { rentalsRepository, transactionsRepository, type RentalRow } from './transactions.repository.js';
import type { VouchersService } from './vouchers.service.js';

export type Place = { id: number; name: string };

/** What the rental parts (rent, extension, end) share: the database, money, doors and realtime. */
export interface RentalContext {
  db: Db;
  vouchers: VouchersService;
  payments: PaymentsService;
  charges: RentalCharges;
  doors: Pick<DoorService, 'open'>;
  notify: Notify;
  log?: ((err: unknown) => void) | undefined;
  /** Time-driven changes, run before every kiosk read or act. */
  sweep: () => Promise<void>;
}

/** The screen's own place (bound by the auth plugin), when it is a marketplace one. */
export function placeOf(screen: KioskCaller): Place {
  const place = screen.place;
  if (place.type !== 'MARKETPLACE') throw new AppError('kioskNotBound');
  return place;
}

/** A rental of this place, or rentalNotExist. */
export async function rentalOf(db: DbOrTx, place: Place, id: number): Promise<RentalRow> {
  const r = await rentalsRepository.byId(db, id);
  if (!r || r.place_id !== place.id) throw new AppError('rentalNotExist');
  return r;
}

/** The rental as it stands now, with its transactions. */
export async function viewRental(db: Db, r: RentalRow): Promise<Rental> {
  const fresh = (await rentalsRepository.byId(db, r.id)) ?? r;
  return toRental(fresh, await transactionsRepository.ofRentals(db, [r.id]), new Date());
}

/** Opens the rented locker for the screen; a door that does not open is an error. */
export async function openRentalDoor(
  ctx: RentalContext,
  screen: KioskCaller,
  rental: RentalRow,
): Promise<DoorOpenResult> {
  const door = await ctx.doors.open(rental.locker_id, { actor: screen, reason: 'marketplaceRental' });
  if (!door.ok) throw doorNotOpened(door);
  return door;
}
