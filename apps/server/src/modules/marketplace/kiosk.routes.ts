import { rentalsApi as api } from '@cacifo/contract';
import { route } from '../../lib/define-route.js';
import type { Marketplace } from './marketplace.services.js';

/** Kiosk calls of the screen role; each one acts on the screen's own marketplace place only. */
export function kioskRoutes({ rentals }: Marketplace) {
  return [
    route(api.catalog, ({ account }) => rentals.catalog(account)),
    route(api.quote, ({ account, body }) => rentals.quote(account, body.packId, body.voucherCode)),
    route(api.rent, ({ account, body }) => rentals.rent(account, body)),
    route(api.get, ({ account, params }) => rentals.get(account, params.id)),
    route(api.open, ({ account, params }) => rentals.open(account, params.id)),
    route(api.extend, ({ account, params, body }) => rentals.extend(account, params.id, body)),
    route(api.end, ({ account, params }) => rentals.end(account, params.id)),
    route(api.cancel, ({ account, params }) => rentals.cancel(account, params.id)),
  ];
}
