import { marketplaceApi as api } from '@cacifo/contract';
import { route } from '../../lib/define-route.js';
import type { Marketplace } from './marketplace.services.js';

/** Marketplace back-office calls (admin): settings, packs, vouchers, transactions, logs, kiosks. */
export function marketplaceRoutes({ settings, prices, vouchers, transactions }: Marketplace) {
  return [
    route(api.overview, () => transactions.overview()),
    route(api.settings, () => settings.get()),
    route(api.updateSettings, ({ account, body }) => settings.update(account, body)),
    route(api.prices, ({ query }) => prices.list(query)),
    route(api.createPrice, ({ account, body }) => prices.create(account, body)),
    route(api.updatePrice, ({ account, body }) => prices.update(account, body.id, body)),
    route(api.setPriceEnabled, ({ account, body }) => prices.setEnabled(account, body.id, body.enabled)),
    route(api.deletePrice, ({ account, params }) => prices.remove(account, params.id)),
    route(api.vouchers, ({ query }) => vouchers.list(query)),
    route(api.createVoucher, ({ account, body }) => vouchers.create(account, body)),
    route(api.updateVoucher, ({ account, body }) => vouchers.update(account, body.id, body)),
    route(api.setVoucherEnabled, ({ account, body }) => vouchers.setEnabled(account, body.id, body.enabled)),
    route(api.deleteVoucher, ({ account, params }) => vouchers.remove(account, params.id)),
    route(api.transactions, ({ query }) => transactions.list(query)),
    route(api.exportTransactions, ({ reply, query }) => transactions.export(reply, query)),
    route(api.transaction, ({ params }) => transactions.details(params.id)),
    route(api.updateTransaction, ({ account, body }) => transactions.update(account, body.id, body)),
    route(api.deleteTransaction, ({ account, params }) => transactions.remove(account, params.id)),
    route(api.logs, ({ query }) => transactions.logs(query.max_results, query.offset)),
    route(api.places, () => transactions.places()),
    route(api.bindKiosk, ({ account, body }) => transactions.bindKiosk(account, body.adminId, body.placeId)),
  ];
}
