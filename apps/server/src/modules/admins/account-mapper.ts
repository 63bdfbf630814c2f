import type { AccountRole, AdminAccount } from '@cacifo/contract';
import { effectiveKind, type AdminRow } from './admins.repository.js';

/** The one shape an account leaves the server in: no hashes, flags as booleans. */
export function toAccount(r: AdminRow, kioskPlace?: { id: number; name: string } | null): AdminAccount {
  return {
    id: r.id,
    username: r.username,
    name: r.name,
    email: r.email,
    role: r.role as AccountRole,
    kind: effectiveKind(r),
    company: r.company,
    phone: r.phone,
    notifiable: r.notifiable === 1,
    enabled: r.enabled === 1,
    hasPin: r.pin_hash !== null,
    ...(r.role === 'screen' ? { kioskPlace: kioskPlace ?? null } : {}),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
