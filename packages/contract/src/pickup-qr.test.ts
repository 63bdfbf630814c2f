import { describe, expect, it } from 'vitest';
import { kioskPickupBodySchema, pickupQrPayload } from './schemas/orders.js';

describe('the code a kiosk QR reader read', () => {
  const code = 'CACIFO-42-AbC_def-123456';
  it('is the code itself, or the c of a pickup page link, wherever the app is served', () => {
    expect(pickupQrPayload(`  ${code}\n`)).toBe(code);
    expect(pickupQrPayload(`https://cacifo.pt/pickup/qr?c=${code}`)).toBe(code);
    expect(pickupQrPayload(`http://localhost:8080/pickup/qr/?lang=en&c=${encodeURIComponent(code)}#x`)).toBe(
      code,
    );
    expect(pickupQrPayload(`https://exemplo.pt/entregas/pickup/qr?c=${code}&utm=sms`)).toBe(code);
  });
  it('leaves any other text as read', () => {
    for (const text of [
      `https://cacifo.pt/other?c=${code}`,
      `/pickup/qr?c=${code}`,
      'https://cacifo.pt/pickup/qr?code=x',
      'https://cacifo.pt/pickup/qr?c=%E0%A4%A',
    ])
      expect(pickupQrPayload(text)).toBe(text);
  });
  it('fits in the kiosk pickup body, link and all', () => {
    const link = `https://cacifo.pt/${'caminho/'.repeat(40)}pickup/qr?c=${code}`;
    expect(kioskPickupBodySchema.safeParse({ qrCode: link }).success).toBe(true);
  });
});
