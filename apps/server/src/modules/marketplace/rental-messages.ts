import { MESSAGE_EVENT } from '@cacifo/contract';
import type { DbOrTx } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { messagesRepository, type NewMessage } from '../notifications/messages.repository.js';

type Language = 'pt' | 'en' | 'es' | 'fr';
type Vars = { place: string; door: number; pin: string; qrCode: string };

/** The SMS that carries a rental's PIN, in the language the customer used at the wall. */
const SMS: Record<Language, (v: Vars) => string> = {
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
 * The e-mail: the PIN, and the QR payload on a line of its own (the SMTP provider draws it as an
 * image, mail-qr.ts) for the wall's camera.
 */
const EMAIL: Record<Language, { subject: (v: Vars) => string; body: (v: Vars) => string }> = {
  pt: {
    subject: (v) => `O seu aluguer no Cacifo ${v.place} (cacifo ${v.door})`,
    body: (v) =>
      `O PIN do seu aluguer (cacifo ${v.door}, ${v.place}) é ${v.pin}.\n\n` +
      'Escreva-o no ecrã, ou mostre este código QR à câmara, para abrir, prolongar ou terminar o aluguer.\n\n' +
      `QR: ${v.qrCode}`,
  },
  en: {
    subject: (v) => `Your rental at Cacifo ${v.place} (locker ${v.door})`,
    body: (v) =>
      `The PIN of your rental (locker ${v.door}, ${v.place}) is ${v.pin}.\n\n` +
      'Type it at the screen, or show this QR code to its camera, to open, extend or end your rental.\n\n' +
      `QR: ${v.qrCode}`,
  },
  es: {
    subject: (v) => `Su alquiler en Cacifo ${v.place} (taquilla ${v.door})`,
    body: (v) =>
      `El PIN de su alquiler (taquilla ${v.door}, ${v.place}) es ${v.pin}.\n\n` +
      'Escríbalo en la pantalla, o muestre este código QR a la cámara, para abrir, ampliar o terminar su alquiler.\n\n' +
      `QR: ${v.qrCode}`,
  },
  fr: {
    subject: (v) => `Votre location chez Cacifo ${v.place} (casier ${v.door})`,
    body: (v) =>
      `Le PIN de votre location (casier ${v.door}, ${v.place}) est ${v.pin}.\n\n` +
      "Tapez-le à l'écran, ou montrez ce code QR à sa caméra, pour ouvrir, prolonger ou terminer votre location.\n\n" +
      `QR: ${v.qrCode}`,
  },
};

const keys = (rentalId: number) => [`rental:${rentalId}:sms`, `rental:${rentalId}:email`];

/**
 * The rental's PIN (and QR by e-mail) to the phone and address the customer gave, written with the
 * rental but held (no send time) until the payment is approved (docs/adr/0221): only hashes of the
 * codes are kept, so the message must be written while they are known. One per channel and rental.
 */
export async function holdRentalCodeMessages(
  db: DbOrTx,
  r: {
    rentalId: number;
    phone: string | null;
    email: string | null;
    language: Language;
    vars: Vars;
  },
): Promise<void> {
  const now = nowIso();
  const base = {
    order_id: null,
    event: MESSAGE_EVENT.RENTAL_CODE,
    language: r.language,
    next_attempt_at: null,
    created_at: now,
    updated_at: now,
  };
  const rows: NewMessage[] = [];
  if (r.phone)
    rows.push({
      ...base,
      channel: 'sms',
      recipient: r.phone,
      subject: null,
      body: SMS[r.language](r.vars),
      dedupe_key: keys(r.rentalId)[0]!,
    });
  if (r.email)
    rows.push({
      ...base,
      channel: 'email',
      recipient: r.email,
      subject: EMAIL[r.language].subject(r.vars),
      body: EMAIL[r.language].body(r.vars),
      dedupe_key: keys(r.rentalId)[1]!,
    });
  if (rows.length) await messagesRepository.insert(db, rows);
}

/** The payment is approved: the held messages go out now. */
export const releaseRentalCodeMessages = (db: DbOrTx, rentalId: number) =>
  messagesRepository.releaseHeld(db, keys(rentalId), nowIso());

/** The payment is lost or given up: the held messages carry a PIN that finds nothing, so they go. */
export const dropRentalCodeMessages = (db: DbOrTx, rentalId: number) =>
  messagesRepository.dropHeld(db, keys(rentalId));
