import { rentalsApi as api } from '@cacifo/contract';
import { route } from '../../lib/define-route.js';
import type { Marketplace } from './marketplace.services.js';

/** Kiosk calls of the screen role; each one acts on the screen's own marketplace place only. */
export function kioskRoutes({ rentals }: Marketplace) {
  return [
    route(api.catalog, ({ screen }) => rentals.catalog(screen)),
    route(api.quote, ({ screen, body }) => rentals.quote(screen, body.packId, body.voucherCode)),
    route(api.rent, ({ screen, body }) => rentals.rent(screen, body)),
    route(api.find, ({ screen, body }) => rentals.find(screen, body)),
    route(api.get, ({ screen, params }) => rentals.get(screen, params.id)),
    route(api.open, ({ screen, params }) => rentals.open(screen, params.id)),
    route(api.extend, ({ screen, params, body }) => rentals.extend(screen, params.id, body)),
    route(api.end, ({ screen, params }) => rentals.end(screen, params.id)),
    route(api.cancel, ({ screen, params }) => rentals.cancel(screen, params.id)),
  ];
}
