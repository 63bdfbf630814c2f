import type { AssetLogAction } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import type { Account } from '../../lib/account.js';
import { assetsRepository } from './assets.repository.js';

export interface AssetLogEntry {
  asset: { id: number; name: string };
  action: AssetLogAction;
  admin?: Pick<Account, 'id' | 'name' | 'username'> | null;
  user?: { id: number; name: string | null } | null;
  locker?: { id: number; doorNumber: number } | null;
  description?: string | null;
  at?: string;
}

/** One asset log row (SPEC §3): every change of an asset writes one, in the change's transaction. */
export async function writeAssetLog(db: DbOrTx, e: AssetLogEntry): Promise<void> {
  await assetsRepository.insertLog(db, {
    asset_id: e.asset.id,
    asset_name: e.asset.name,
    action_id: e.action,
    description: e.description ?? null,
    user_id: e.user?.id ?? null,
    username: e.user?.name ?? null,
    admin_id: e.admin?.id ?? null,
    admin_name: e.admin ? e.admin.name || e.admin.username : null,
    locker_id: e.locker?.id ?? null,
    door_number: e.locker?.doorNumber ?? null,
    drawer_metra_id: null,
    created_at: e.at ?? nowIso(),
  });
}
