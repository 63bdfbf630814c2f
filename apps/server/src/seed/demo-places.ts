import type { LockerSize } from '@cacifo/contract';
import { nowIso } from '../db/helpers.js';
import type { DemoContext } from './seed-types.js';

/** Sede: 18 office lockers (doors 1-18, the voice command range) in a S/M/L column pattern. */
const SEDE_SIZES: LockerSize[] = ['S', 'S', 'M', 'M', 'L', 'S'];
/** The delivery point has every size, small ones most common as in real parcel walls. */
const DELIVERY_SIZES: LockerSize[] = ['XS', 'XS', 'S', 'S', 'S', 'M', 'M', 'L'];

export async function seedDemoPlaces(ctx: DemoContext): Promise<void> {
  const now = nowIso();
  const places = [
    {
      key: 'sede',
      name: 'Sede',
      type: 'OFFICE',
      address: 'Av. da Liberdade 110, Lisboa',
      doors: 18,
      sizes: SEDE_SIZES,
    },
    {
      key: 'delivery',
      name: 'Entregas Saldanha',
      type: 'DELIVERY',
      address: 'Praça Duque de Saldanha 1, Lisboa',
      doors: 24,
      sizes: DELIVERY_SIZES,
    },
  ] as const;
  for (const p of places) {
    const { id } = await ctx.db
      .insertInto('places')
      .values({
        name: p.name,
        type: p.type,
        system_type: 'locker',
        address: p.address,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.ids[`place:${p.key}`] = id;
    await ctx.db
      .insertInto('lockers')
      .values(
        Array.from({ length: p.doors }, (_, i) => ({
          place_id: id,
          door_number: i + 1,
          size: p.sizes[i % p.sizes.length]!,
          accessibility: i < 2 ? 1 : 0,
          door_status_updated_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}
