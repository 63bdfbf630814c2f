import { MESSAGE_EVENT } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { messagesRepository } from '../notifications/messages.repository.js';

type Language = 'pt' | 'en' | 'es' | 'fr';
type Vars = { place: string; door: number; pin: string };

/** The SMS that carries a rental's PIN, in the language the customer used at the wall. */
const TEXTS: Record<Language, (v: Vars) => string> = {
  pt: (v) =>
    `Cacifo ${v.place}: o PIN do seu aluguer (cacifo ${v.door}) é ${v.pin}. ` +
    'Use-o no ecrã para abrir, prolongar ou terminar o aluguer.',
  en: (v) =>
    `Cacifo ${v.place}: the PIN of your rental (locker ${v.door}) is ${v.pin}. ` +
    'Use it at the screen to open, extend or end your rental.',
  es: (v) =>
    `Cacifo ${v.place}: el PIN de su alquiler (taquilla ${v.door}) es ${v.pin}. ` +
    'Úselo en la pantalla para abrir, ampliar o terminar su alquiler.',
  fr: (v) =>
    `Cacifo ${v.place} : le PIN de votre location (casier ${v.door}) est ${v.pin}. ` +
    "Utilisez-le à l'écran pour ouvrir, prolonger ou terminer votre location.",
};

/**
 * Queues the rental's PIN to the phone the customer gave for MB WAY, through the outbox (sent by
 * the SMS provider, or "not sent: no provider"). Written with the rental, so a payment refused
 * later leaves a PIN that finds nothing. One per rental (dedupe key).
 */
export async function queueRentalPinSms(
  db: DbOrTx,
  r: { rentalId: number; phone: string; language: Language; vars: Vars },
): Promise<void> {
  const now = nowIso();
  await messagesRepository.insert(db, [
    {
      order_id: null,
      event: MESSAGE_EVENT.RENTAL_CODE,
      channel: 'sms',
      recipient: r.phone,
      language: r.language,
      subject: null,
      body: TEXTS[r.language](r.vars),
      dedupe_key: `rental:${r.rentalId}:sms`,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    },
  ]);
}
