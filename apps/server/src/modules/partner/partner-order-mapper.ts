import {
  API_SCOPE,
  lockerSize,
  orderState,
  type ApiScope,
  type OrderState,
  type PartnerOrder,
} from '@cacifo/contract';
import type { PartnerOrderRow } from './partner-orders.repository.js';

type HistoryRow = { state: number; action: string; created_at: string };

const sizeOrNull = (s: string | null) => (s !== null && lockerSize.has(s) ? s : null);

/** Whether a key may see recipients' personal data (name, phone, e-mail): only with `orders:read`. */
export const seesRecipients = (scopes: readonly ApiScope[]) => scopes.includes(API_SCOPE.ORDERS_READ);

/**
 * An order as the partner API answers it (no operator names, no pickup codes). The recipient's
 * name, phone and e-mail only when `recipient` (the key holds `orders:read`, ADR 0100): every
 * reply and every webhook body is made here, so no path can forget it.
 */
export function toPartnerOrder(
  row: PartnerOrderRow,
  opts: { recipient: boolean; history?: HistoryRow[] },
): PartnerOrder {
  const state = row.state as OrderState;
  const { history } = opts;
  return {
    id: row.id,
    packageId: row.package_id,
    state,
    stateName: orderState.nameOf(state),
    ...(opts.recipient
      ? {
          recipientName: row.recipient_name,
          recipientPhone: row.recipient_phone,
          recipientEmail: row.recipient_email,
        }
      : {}),
    recipientNumber: row.recipient_number,
    size: sizeOrNull(row.parcel_size),
    locationId: row.target_place_id,
    companyId: row.company ?? '',
    locker:
      row.door_number !== null && row.place_id !== null
        ? {
            locationId: row.place_id,
            locationName: row.place_name ?? '',
            doorNumber: row.door_number,
            size: row.locker_size ?? '',
          }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    storedAt: row.stored_at,
    pickedUpAt: row.picked_up_at,
    ...(history
      ? {
          history: history.map((h) => ({
            state: h.state as OrderState,
            stateName: orderState.nameOf(h.state as OrderState),
            action: h.action,
            at: h.created_at,
          })),
        }
      : {}),
  };
}
