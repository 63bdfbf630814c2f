import qrcode from 'qrcode-generator';
import { MESSAGE_EVENT } from '@cacifo/contract';

/** The line of a rental's e-mail that carries its QR payload (rental-messages.ts). */
const QR_LINE = /^QR: (CACIFO-R-[A-Za-z0-9_-]{8,64})$/m;

/**
 * A rental's e-mail shows its QR as an image (inline, `cid:`), so the customer can hold the phone
 * to the wall's camera; the payload stays in the text for clients that show no images.
 */
export function inlineQr(m: { event: string; body: string }) {
  if (m.event !== MESSAGE_EVENT.RENTAL_CODE) return null;
  const payload = QR_LINE.exec(m.body)?.[1];
  if (!payload) return null;
  const qr = qrcode(0, 'M');
  qr.addData(payload);
  qr.make();
  const gif = qr.createDataURL(8, 16).replace(/^data:image\/gif;base64,/, '');
  return {
    attachment: {
      filename: 'cacifo-qr.gif',
      content: Buffer.from(gif, 'base64'),
      contentType: 'image/gif',
      cid: 'rental-qr@cacifo',
    },
    html: '<p style="margin:0 0 1em"><img src="cid:rental-qr@cacifo" alt="QR" width="280" height="280"></p>',
  };
}
