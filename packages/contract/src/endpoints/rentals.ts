import { defineEndpoints } from '../endpoint.js';
import { KIOSK_IDENTITY_ERRORS, PLACE_MODE_REFUSALS } from '../envelope.js';
import {
  kioskCatalogSchema,
  kioskExtendSchema,
  kioskFindRentalSchema,
  kioskOpenReplySchema,
  kioskQuoteReplySchema,
  kioskQuoteSchema,
  kioskRentReplySchema,
  kioskRentSchema,
  marketplaceIdParamsSchema,
  paymentWebhookReplySchema,
  paymentWebhookSchema,
  rentalSchema,
} from '../schemas/marketplace.js';

const params = marketplaceIdParamsSchema;
/** Every kiosk call acts on the screen's own marketplace place: none when it is not bound to one. */
const kiosk = ['kioskNotBound'] as const;

/** The kiosk's rentals (screen role, its own place only) and the payment provider's webhook. */
export const rentalsApi = defineEndpoints('rentals', {
  catalog: {
    method: 'GET',
    path: '/api/kiosk/marketplace',
    permission: 'kiosk.use',
    summary: 'Packs on sale, opening state, free lockers by size, free mode and deposit',
    reply: kioskCatalogSchema,
    errors: [...kiosk],
  },
  quote: {
    method: 'POST',
    path: '/api/kiosk/quote',
    permission: 'kiosk.use',
    summary: 'Price of a pack with an optional voucher',
    body: kioskQuoteSchema,
    reply: kioskQuoteReplySchema,
    errors: [...kiosk, 'priceNotExist', 'marketplaceClosed', 'voucherInvalid'],
  },
  rent: {
    method: 'POST',
    path: '/api/kiosk/rentals',
    permission: 'kiosk.use',
    summary: 'Reserves a locker and pays (card, MBWay, or nothing in free mode); answers its PIN and QR once',
    body: kioskRentSchema,
    reply: kioskRentReplySchema,
    errors: [
      ...kiosk,
      'priceNotExist',
      'marketplaceClosed',
      'voucherInvalid',
      'No locker avaliable',
      ...PLACE_MODE_REFUSALS,
      'paymentFailed',
      'paymentExpired',
    ],
  },
  find: {
    method: 'POST',
    path: '/api/kiosk/rentals/find',
    permission: 'kiosk.use',
    summary: "A customer's rental at this place by its PIN or QR (wrong codes count, docs/adr/0130)",
    body: kioskFindRentalSchema,
    reply: rentalSchema,
    errors: [...KIOSK_IDENTITY_ERRORS],
  },
  get: {
    method: 'GET',
    path: '/api/kiosk/rentals/:id',
    permission: 'kiosk.use',
    summary: 'A rental of this screen with its transactions',
    params,
    reply: rentalSchema,
    errors: [...kiosk, 'rentalNotExist'],
  },
  open: {
    method: 'POST',
    path: '/api/kiosk/rentals/:id/open',
    permission: 'kiosk.use',
    summary: 'Opens the rented locker during the rental',
    params,
    reply: kioskOpenReplySchema,
    errors: [
      ...kiosk,
      'rentalNotExist',
      'rentalNotActive',
      'doorOpenFailed',
      'doorJammed',
      'deviceUnavailable',
    ],
  },
  extend: {
    method: 'POST',
    path: '/api/kiosk/rentals/:id/extend',
    permission: 'kiosk.use',
    summary: 'Buys more time for an active rental',
    params,
    body: kioskExtendSchema,
    reply: rentalSchema,
    errors: [
      ...kiosk,
      'rentalNotExist',
      'rentalNotActive',
      'priceNotExist',
      'marketplaceClosed',
      'voucherInvalid',
      'paymentFailed',
      'paymentExpired',
    ],
  },
  end: {
    method: 'POST',
    path: '/api/kiosk/rentals/:id/end',
    permission: 'kiosk.use',
    summary: 'Opens the door for collection, settles card holds and frees the locker',
    description:
      'An MB WAY rental ended after its paid time plus the safe time owes overtime (docs/adr/0220): ' +
      'a new MB WAY request for the amount due goes to its phone first. While it waits, the rental ' +
      'answers still active with that `overtime` transaction pending (and `pendingUntil` its ' +
      'deadline); once it is paid, ending again opens the door. Refused or expired: ' +
      '`paymentFailed` / `paymentExpired`.',
    params,
    reply: rentalSchema,
    errors: [
      ...kiosk,
      'rentalNotExist',
      'rentalNotActive',
      'paymentFailed',
      'paymentExpired',
      'doorOpenFailed',
      'doorJammed',
      'deviceUnavailable',
    ],
  },
  cancel: {
    method: 'POST',
    path: '/api/kiosk/rentals/:id/cancel',
    permission: 'kiosk.use',
    summary:
      'Drops a rental that was never paid and frees its locker; of a running rental, gives up its ' +
      'payment waiting for approval (extension or overtime, docs/adr/0222)',
    params,
    reply: rentalSchema,
    errors: [...kiosk, 'rentalNotExist', 'rentalNotActive'],
  },
  paymentWebhook: {
    method: 'POST',
    path: '/api/marketplace/payments/webhook',
    permission: 'public',
    summary:
      'Payment provider status update, signed (x-cacifo-signature: t=<unix s>,v1=<hex HMAC of "t.body">)',
    description:
      'The signature covers the timestamp and the raw body; a timestamp more than 5 minutes from the ' +
      "server's clock is `invalidSignature`, an `eventId` already taken is `eventReplayed` (issue #31).",
    body: paymentWebhookSchema,
    reply: paymentWebhookReplySchema,
    errors: ['invalidSignature', 'eventReplayed', 'transactionNotExist', 'stateNotAllowed'],
  },
});
