import type { FastifyInstance } from 'fastify';
import { realtimeNotifier } from './notify.js';
import { PaymentsService } from './payments.service.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { SandboxPaymentProvider } from './payments/sandbox-provider.js';
import { PricesService } from './prices.service.js';
import { RentalsService } from './rentals.service.js';
import { SettingsService } from './settings.service.js';
import { TransactionsService } from './transactions.service.js';
import { VouchersService } from './vouchers.service.js';

/** Builds the marketplace services once per app; the sandbox is the payment provider by default. */
export function buildMarketplace(
  app: FastifyInstance,
  provider: PaymentProvider = new SandboxPaymentProvider(),
) {
  const notify = realtimeNotifier(app);
  const settings = new SettingsService(app.db);
  const vouchers = new VouchersService(app.db);
  const payments = new PaymentsService(app.db, provider, notify, () => settings.webhookSecret());
  const rentals = new RentalsService(app.db, vouchers, payments, app.doors, notify, (err) =>
    app.log.warn({ err }, 'marketplace: capturing a card hold failed; the webhook can settle it'),
  );
  return {
    settings,
    prices: new PricesService(app.db),
    vouchers,
    payments,
    rentals,
    transactions: new TransactionsService(app.db, notify, () => rentals.sweep()),
  };
}
export type Marketplace = ReturnType<typeof buildMarketplace>;
