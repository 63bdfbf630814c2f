import { randomBytes } from 'node:crypto';
import type {
  PaymentEvent,
  PaymentProvider,
  StartPaymentRequest,
  StartPaymentResult,
} from './payment-provider.js';

/**
 * The default provider: no money moves, every outcome is reachable on purpose.
 * Card: cardToken 'tok_error' is refused, 'tok_expired' times out, 'tok_pending' stays authorised
 * until a webhook decides; anything else is authorised and held (or paid when nothing is held).
 * MBWay: phone 910000005 is refused, 910000006 expires, 910000002 waits for the webhook; any other
 * phone is authorised and paid at once.
 */
const SANDBOX_MAGIC = {
  cardError: 'tok_error',
  cardExpired: 'tok_expired',
  cardPending: 'tok_pending',
  mbwayError: '910000005',
  mbwayExpired: '910000006',
  mbwayPending: '910000002',
} as const;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  async start(req: StartPaymentRequest): Promise<StartPaymentResult> {
    const providerTransactionId = `sbx_${randomBytes(8).toString('hex')}`;
    if (req.method === 'creditCard') {
      const token = req.cardToken ?? 'tok_visa';
      const identifier = `**** ${token === 'tok_visa' ? '4242' : token.slice(-4).padStart(4, '0')}`;
      if (token === SANDBOX_MAGIC.cardError)
        return { providerTransactionId, identifier, events: [{ kind: 'error', detail: 'cardDeclined' }] };
      if (token === SANDBOX_MAGIC.cardExpired)
        return { providerTransactionId, identifier, events: [{ kind: 'expired' }] };
      const authorised: PaymentEvent = { kind: 'authorised', amountCents: req.holdCents ?? req.amountCents };
      if (token === SANDBOX_MAGIC.cardPending)
        return { providerTransactionId, identifier, events: [authorised] };
      const done: PaymentEvent =
        req.holdCents !== null
          ? { kind: 'held', amountCents: req.holdCents }
          : { kind: 'paid', amountCents: req.amountCents };
      return { providerTransactionId, identifier, events: [authorised, done] };
    }
    const phone = req.phone ?? '';
    const identifier = phone ? `${phone.slice(0, 2)}*****${phone.slice(-2)}` : 'mbway';
    if (phone === SANDBOX_MAGIC.mbwayError)
      return { providerTransactionId, identifier, events: [{ kind: 'error', detail: 'mbwayRefused' }] };
    const authorised: PaymentEvent = { kind: 'authorised', amountCents: req.amountCents };
    if (phone === SANDBOX_MAGIC.mbwayExpired)
      return { providerTransactionId, identifier, events: [authorised, { kind: 'expired' }] };
    if (phone === SANDBOX_MAGIC.mbwayPending)
      return { providerTransactionId, identifier, events: [authorised] };
    return {
      providerTransactionId,
      identifier,
      events: [authorised, { kind: 'paid', amountCents: req.amountCents }],
    };
  }

  async capture(_id: string, amountCents: number): Promise<PaymentEvent[]> {
    return [{ kind: 'paid', amountCents }];
  }

  async cancel(): Promise<void> {}
}
