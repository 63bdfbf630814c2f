import type { FastifyReply } from 'fastify';
import { can, WAITING_PICKUP_STATES, type ExportLanguage } from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import type { Account } from '../../lib/account.js';
import { AppError } from '../../lib/errors.js';
import { exportLabels } from '../../lib/export-labels.js';
import { readServiceConfig } from '../catalog/catalog.service.js';
import { formatInstant } from '../../lib/recipient-format.js';
import { locationsRepository } from '../locations/locations.repository.js';
import { orderOutboxRepository } from './order-outbox.repository.js';
import { loadOrder } from './order-access.js';
import { orderLogsRepository } from './order-logs.repository.js';
import { labelPdf, slipPdf } from './order-pdf.js';
import { pinHash } from './pickup-codes.js';
import type { OrderRow } from './orders.repository.js';

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header(
      'Content-Disposition',
      `inline; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'no-store')
    .send(pdf);
}

const lockerText = (t: (k: string) => string, o: OrderRow) =>
  o.door_number === null
    ? t('orders.detail.noLocker')
    : `${o.place_name ?? ''} · ${t('orders.fields.door').replace('{{door}}', String(o.door_number))} · ${o.locker_size ?? ''}`;

/**
 * Prints of one order (docs/adr/0031). The texts are the web's own (exportLabels, `orders.print.*`),
 * so the paper says what the screen says. Object-level access: a store sees its company's orders
 * only (loadOrder), and the slip, which carries the recipient's pickup code, goes to a courier only
 * for an order they deposited themselves.
 */
export class OrderPrintService {
  constructor(private readonly db: Db) {}

  async label(reply: FastifyReply, account: Account, orderId: number, language: ExportLanguage) {
    const order = await loadOrder(this.db, account, orderId);
    const t = await exportLabels(language);
    const pdf = await labelPdf({
      title: t('orders.print.labelTitle'),
      packageId: order.package_id,
      rows: [
        [t('orders.fields.recipientNumber'), order.recipient_number ?? ''],
        [t('orders.fields.recipientName'), order.recipient_name],
        [t('orders.fields.locker'), lockerText(t, order)],
        [t('orders.fields.company'), order.company ?? ''],
      ],
      footer: t('orders.print.labelFooter'),
    });
    return sendPdf(reply, `${t('orders.print.labelFile')}-${order.package_id}.pdf`, pdf);
  }

  async slip(reply: FastifyReply, account: Account, orderId: number, language: ExportLanguage) {
    const order = await loadOrder(this.db, account, orderId);
    if (
      !can(account.role, 'orders.view') &&
      !(await orderLogsRepository.depositedBy(this.db, order.id, account.id))
    )
      throw new AppError('orderNotExist');
    const code = await this.currentCode(order);
    if (!code || order.place_id === null) throw new AppError('noPickupCode');
    const t = await exportLabels(language);
    const [place, service] = await Promise.all([
      locationsRepository.placeById(this.db, order.place_id),
      readServiceConfig(this.db),
    ]);
    const pdf = await slipPdf({
      title: t('orders.print.slipTitle'),
      packageId: order.package_id,
      place: order.place_name ?? '',
      address: place?.address ?? '',
      door: t('orders.fields.door').replace('{{door}}', String(order.door_number ?? '')),
      codeLabel: t('orders.print.code'),
      pin: code.pin,
      qr: code.qr,
      rows: [
        [t('orders.fields.packageId'), order.package_id],
        [t('orders.fields.recipientNumber'), order.recipient_number ?? ''],
        [t('orders.print.collectBy'), formatInstant(order.expires_at, language, service.timezone)],
      ],
      instructions: t('orders.print.instructions'),
    });
    return sendPdf(reply, `${t('orders.print.slipFile')}-${order.package_id}.pdf`, pdf);
  }

  /**
   * The code the parcel answers to now. Only its hash is on the order; the plain code is read back
   * from the last message that carried it (as the shared codes of ADR 0051 are), and used only
   * while it still matches the hash.
   */
  private async currentCode(order: OrderRow): Promise<{ pin: string; qr: string | null } | null> {
    if (!WAITING_PICKUP_STATES.includes(order.state as never) || order.place_id === null) return null;
    const packed = (await orderOutboxRepository.lastCodes(this.db, [order.id])).get(order.id);
    const [pin, qr] = packed?.split(' ') ?? [];
    if (!pin || order.pickup_pin_hash !== pinHash(order.place_id, pin)) return null;
    return { pin, qr: qr ?? null };
  }
}
