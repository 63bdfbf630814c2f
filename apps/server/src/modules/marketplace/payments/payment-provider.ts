import type { PaymentMethod } from '@cacifo/contract';

/** What a provider reports about a payment; each maps to a transaction log action (SPEC §4). */
export type PaymentEventKind = 'authorised' | 'held' | 'paid' | 'error' | 'expired';

export interface PaymentEvent {
  kind: PaymentEventKind;
  /** Cents the event is about (held or paid amount). */
  amountCents?: number;
  detail?: string;
}

export interface StartPaymentRequest {
  reference: string;
  method: PaymentMethod;
  /** What the customer is charged for the service. */
  amountCents: number;
  /**
   * Card only: hold this much instead of charging now (the captive deposit); the rental's end
   * captures the real amount. Null charges `amountCents` at once.
   */
  holdCents: number | null;
  phone?: string | undefined;
  cardToken?: string | undefined;
}

export interface StartPaymentResult {
  /** The provider's transaction id: webhook calls name it. */
  providerTransactionId: string;
  /** The customer-facing payment identifier (masked card, MBWay phone). */
  identifier: string;
  /** What already happened, in order. An empty or 'authorised'-only list means: wait for the webhook. */
  events: PaymentEvent[];
}

/**
 * A payment provider (card and MBWay). Implementations talk to a real gateway; the sandbox one is
 * the default. Calls never throw for a refused payment: refusals are 'error' or 'expired' events.
 */
export interface PaymentProvider {
  readonly name: string;
  start(req: StartPaymentRequest): Promise<StartPaymentResult>;
  /** Captures part or all of a held amount and releases the rest. */
  capture(providerTransactionId: string, amountCents: number): Promise<PaymentEvent[]>;
  /** Gives up a payment not yet completed (kiosk cancel). */
  cancel(providerTransactionId: string): Promise<void>;
}
