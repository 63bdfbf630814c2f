import type { FastifyInstance } from 'fastify';
import {
  createPricePackSchema,
  createVoucherSchema,
  marketplaceEnabledSchema,
  marketplaceIdParamsSchema,
  kioskBindingSchema,
  listLogsQuerySchema,
  listPricePacksQuerySchema,
  listTransactionsQuerySchema,
  marketplaceSettingsSchema,
  updatePricePackSchema,
  updateTransactionSchema,
  updateVoucherSchema,
} from '@cacifo/contract';
import { defineRoute, registerRoutes } from '../../lib/define-route.js';
import { kioskRoutes } from './kiosk.routes.js';
import { buildMarketplace } from './marketplace.services.js';
import { webhookRoutes } from './webhook.routes.js';

/** Marketplace back-office calls (admin), the kiosk calls (screen) and the provider webhook. */
export async function marketplaceModule(app: FastifyInstance) {
  const m = buildMarketplace(app);
  const { settings, prices, vouchers, transactions, rentals } = m;
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/overview',
      permission: 'marketplace.view',
      summary: 'Revenue, occupancy and active rentals',
      handler: async () => {
        await rentals.sweep();
        return transactions.overview();
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/settings',
      permission: 'marketplace.view',
      handler: () => settings.get(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/marketplace/settings',
      permission: 'marketplace.manage',
      summary: 'Opening hours, safe and pending time, IVA, captive deposit, free mode',
      body: marketplaceSettingsSchema,
      handler: ({ account, body }) => settings.update(account!, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/prices',
      permission: 'marketplace.view',
      query: listPricePacksQuerySchema,
      handler: ({ query }) => prices.list(query.type),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/marketplace/price',
      permission: 'marketplace.manage',
      body: createPricePackSchema,
      handler: ({ account, body }) => prices.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/marketplace/price',
      permission: 'marketplace.manage',
      body: updatePricePackSchema,
      handler: ({ account, body }) => prices.update(account!, body.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/marketplace/price/enabled',
      permission: 'marketplace.manage',
      body: marketplaceEnabledSchema,
      handler: ({ account, body }) => prices.setEnabled(account!, body.id, body.enabled),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/marketplace/price/:id',
      permission: 'marketplace.manage',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => prices.remove(account!, params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/vouchers',
      permission: 'marketplace.view',
      handler: () => vouchers.list(),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/marketplace/voucher',
      permission: 'marketplace.manage',
      body: createVoucherSchema,
      handler: ({ account, body }) => vouchers.create(account!, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/marketplace/voucher',
      permission: 'marketplace.manage',
      body: updateVoucherSchema,
      handler: ({ account, body }) => vouchers.update(account!, body.id, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/marketplace/voucher/enabled',
      permission: 'marketplace.manage',
      body: marketplaceEnabledSchema,
      handler: ({ account, body }) => vouchers.setEnabled(account!, body.id, body.enabled),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/marketplace/voucher/:id',
      permission: 'marketplace.manage',
      params: marketplaceIdParamsSchema,
      handler: ({ account, params }) => vouchers.remove(account!, params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/transactions',
      permission: 'marketplace.view',
      summary:
        'Transactions, newest first, with filters (reads Data.transactions and Data.totalTransactions)',
      query: listTransactionsQuerySchema,
      handler: async ({ query }) => {
        await rentals.sweep();
        return transactions.list(query, query.max_results, query.offset);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/transaction/:id',
      permission: 'marketplace.view',
      summary: 'Transaction details, invoice details and its action log',
      params: marketplaceIdParamsSchema,
      handler: ({ params }) => transactions.details(params.id),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/marketplace/transaction',
      permission: 'marketplace.manage',
      body: updateTransactionSchema,
      handler: ({ body }) => transactions.update(body.id, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/marketplace/transaction/:id',
      permission: 'marketplace.manage',
      params: marketplaceIdParamsSchema,
      handler: ({ params }) => transactions.remove(params.id),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/logs',
      permission: 'marketplace.view',
      summary: 'Admin logs 30-92 (reads Data.logs and Data.totalLogs)',
      query: listLogsQuerySchema,
      handler: ({ query }) => transactions.logs(query.max_results, query.offset),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/marketplace/places',
      permission: 'marketplace.view',
      handler: () => transactions.places(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/marketplace/kiosk',
      permission: 'marketplace.manage',
      summary: 'Binds a screen account to the marketplace place it serves',
      body: kioskBindingSchema,
      handler: ({ body }) => transactions.bindKiosk(body.adminId, body.placeId),
    }),
  ]);
  kioskRoutes(app, m);
  await app.register(webhookRoutes, { payments: m.payments });
}
