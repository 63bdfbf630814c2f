import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { renderToolText } from '../tools/tools.service.js';
import type { OrderRow } from './orders.repository.js';
import { smsOutboxRepository } from './sms-outbox.repository.js';

/** Queues the pickup SMS in the notifier outbox, in the caller's transaction (it is never lost). */
export async function queuePickupSms(
  tx: DbOrTx,
  order: OrderRow,
  code: { pin: string; qr: string },
  kind: string,
) {
  // The text is the operator's template from /admins/tools (Portuguese: recipients are in Portugal).
  const body = await renderToolText(tx, 'sms.pickup', 'pt', {
    name: order.recipient_name,
    packageId: order.package_id,
    door: order.door_number ?? '',
    place: order.place_name ?? '',
    pin: code.pin,
    qr: code.qr,
  });
  await smsOutboxRepository.insert(tx, {
    phone: order.recipient_phone,
    body,
    kind,
    orderId: order.id,
    now: nowIso(),
  });
}
