import { idsOf, insertMany } from '../lib/insert.js';
import { CITIES, spreadOverTwoYears } from '../lib/random.js';
import { iso, type Fill } from './fill.js';

// The network: places of every type (and the grid benchmark's place), their lockers, and the
// doors' open/close history.

const PLACE_TYPES = ['DELIVERY', 'OFFICE', 'ASSETS', 'MARKETPLACE'] as const;
const SIZES = [
  ['S', 4],
  ['M', 4],
  ['L', 2],
] as const;
export type Network = Awaited<ReturnType<typeof fillNetwork>>;

/** Places and their lockers; delivery lockers for the orders, asset lockers for the asset logs. */
export async function fillNetwork(f: Fill) {
  const { db, r, n, startIso, log } = f;
  await insertMany(db, 'places', n.places + 1, (i) => ({
    name:
      i === n.places ? 'Bench grid' : `Local ${String(i + 1).padStart(3, '0')} ${CITIES[i % CITIES.length]}`,
    type: i === n.places ? 'OFFICE' : PLACE_TYPES[i % PLACE_TYPES.length]!,
    system_type: 'locker',
    address: `Rua ${i + 1}, ${CITIES[i % CITIES.length]}`,
    created_at: startIso,
    updated_at: startIso,
  }));
  const placeIds = await idsOf(db, 'places');
  const placeType = (idx: number) => (idx === n.places ? 'OFFICE' : PLACE_TYPES[idx % PLACE_TYPES.length]!);
  const lockerPlaces: number[] = [];
  for (let p = 0; p < n.places; p++) for (let d = 0; d < n.lockersPerPlace; d++) lockerPlaces.push(p);
  for (let d = 0; d < n.gridLockers; d++) lockerPlaces.push(n.places);
  let door = 0;
  await insertMany(db, 'lockers', lockerPlaces.length, (i) => {
    door = i === 0 || lockerPlaces[i] !== lockerPlaces[i - 1] ? 1 : door + 1;
    const delivery = placeType(lockerPlaces[i]!) === 'DELIVERY';
    return {
      place_id: placeIds[lockerPlaces[i]!]!,
      door_number: door,
      size: r.weighted(SIZES),
      status: r.next() < 0.35 ? (delivery ? 4 : 2) : 0,
      door_status: r.next() < 0.01 ? 1 : 2,
      enabled: r.next() < 0.03 ? 0 : 1,
      accessibility: r.next() < 0.05 ? 1 : 0,
      created_at: startIso,
      updated_at: startIso,
    };
  });
  const lockerIds = await idsOf(db, 'lockers');
  const lockersOfType = (t: string) =>
    lockerIds.filter((_, i) => lockerPlaces[i]! < n.places && placeType(lockerPlaces[i]!) === t);
  const deliveryLockers = lockersOfType('DELIVERY');
  const assetLockers = lockersOfType('ASSETS').length ? lockersOfType('ASSETS') : lockerIds;
  log(`places ${placeIds.length}, lockers ${lockerIds.length}`);

  return { placeIds, placeType, lockerPlaces, lockerIds, deliveryLockers, assetLockers };
}

/** Door events over two years, spread over the places' own lockers (not the grid's). */
export async function fillDoorEvents(f: Fill, { placeIds, lockerPlaces, lockerIds }: Network) {
  const { db, r, n, end, log } = f;
  const doorTimes = spreadOverTwoYears(r, n.doorEvents, end);
  await insertMany(db, 'door_events', n.doorEvents, (i) => {
    const li = r.int(0, n.places * n.lockersPerPlace - 1);
    const open = i % 2 === 0;
    return {
      place_id: placeIds[lockerPlaces[li]!]!,
      locker_id: lockerIds[li]!,
      door_number: (li % n.lockersPerPlace) + 1,
      door_status: open ? 0 : 2,
      previous_status: open ? 2 : 0,
      commanded: r.next() < 0.8 ? 1 : 0,
      created_at: iso(doorTimes[i]!),
    };
  });
  log(`door events ${n.doorEvents}`);
}
