import type { AdminLogAction } from '@cacifo/contract';
import type { Tx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { adminLogRepository } from './admin-log.repository.js';

export interface AdminLogEntry {
  actor: Pick<Account, 'id' | 'name' | 'username'> | null;
  action: AdminLogAction;
  user?: { id: number; name: string } | null;
  locker?: { id: number; doorNumber: number } | null;
  place?: { id: number; name: string } | null;
  details?: Record<string, unknown> | null;
}

/**
 * Writes the admin log row. It takes a transaction, not the root handle, on purpose: the row must
 * commit or roll back with the change it records (ARCHITECTURE convention 4).
 */
export async function writeAdminLog(tx: Tx, entry: AdminLogEntry): Promise<void> {
  await adminLogRepository.insert(tx, {
    admin_id: entry.actor?.id ?? null,
    admin_name: entry.actor ? entry.actor.name || entry.actor.username : 'system',
    action: entry.action,
    user_id: entry.user?.id ?? null,
    user_name: entry.user?.name ?? null,
    locker_id: entry.locker?.id ?? null,
    door_number: entry.locker?.doorNumber ?? null,
    place_id: entry.place?.id ?? null,
    place_name: entry.place?.name ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: nowIso(),
  });
}
