import { insertMany } from '../lib/insert.js';
import { spreadOverTwoYears } from '../lib/random.js';
import { iso, type Fill } from './fill.js';
import type { Network } from './network.js';

/** Marketplace rental transactions over two years, at the marketplace places. */
export async function fillTransactions(f: Fill, { placeIds, placeType }: Network) {
  const { db, r, n, end, log } = f;
  const marketPlaces = placeIds.filter((_, i) => i < n.places && placeType(i) === 'MARKETPLACE');
  const txTimes = spreadOverTwoYears(r, n.transactions, end);
  await insertMany(
    db,
    'transactions',
    n.transactions,
    (i) => {
      const t = txTimes[i]!;
      const hours = r.pick([1, 2, 4, 24]);
      const cents = hours * 150;
      const status = r.weighted([
        ['paid', 80],
        ['canceled', 6],
        ['expired', 8],
        ['refunded', 3],
        ['error', 1],
        ['pending', 2],
      ] as const);
      const place = marketPlaces.length ? r.pick(marketPlaces) : r.pick(placeIds);
      return {
        kind: 'rental',
        reference: `${iso(t).slice(0, 10).replaceAll('-', '')}-${i.toString(16).padStart(6, '0')}`,
        phone: `9${r.int(10_000_000, 99_999_999)}`,
        place_id: place,
        place_name: `Local ${place}`,
        door_number: r.int(1, n.lockersPerPlace),
        method: r.pick(['mbway', 'card', 'multibanco']),
        status,
        hours,
        amount_cents: cents,
        cost_cents: cents,
        total_cost_cents: cents,
        iva_cents: Math.round((cents * 23) / 123),
        iva_percent: 23,
        charged_cents: status === 'paid' ? cents : 0,
        rental_start: iso(t),
        rental_end: iso(t + hours * 3_600_000),
        paid_at: status === 'paid' ? iso(t + 60_000) : null,
        created_at: iso(t),
        updated_at: iso(t),
      };
    },
    (d) => log(`transactions ${d}/${n.transactions}`),
  );
}
