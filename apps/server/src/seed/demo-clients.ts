import { RETENTION_DAYS_DEFAULT } from '@cacifo/contract';
import type { Db } from '../db/schema.js';
import { nowIso } from '../db/helpers.js';
import { clientsRepository } from '../modules/clients/clients.repository.js';

/**
 * The demo's clients (ADR 0190): the seed writes orders and accounts with company texts after the
 * migrations ran, so each text gets its client here, granted the locations its orders used.
 */
export async function seedDemoClients(db: Db): Promise<void> {
  const now = nowIso();
  for (const name of await clientsRepository.companyTexts(db)) {
    if (await clientsRepository.byName(db, name)) continue;
    const id = await clientsRepository.insert(db, { name, retention_days: RETENTION_DAYS_DEFAULT, now });
    await clientsRepository.setGrants(db, id, await clientsRepository.usedPlaceIds(db, name), now);
  }
}
