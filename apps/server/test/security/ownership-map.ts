import { API, type Endpoint } from '@cacifo/contract';
import { jsonOf } from './object-samples.js';

/**
 * What an id in a request can name that belongs to someone (issue #31, docs/adr/0205): a client's
 * parcel, account, key, webhook or the client itself; a place (granted to clients, or the one a
 * kiosk stands at) and what is kept at a place (a rental, a locker, an asset); an account of the
 * operator whose access only an admin changes.
 */
export type Owned =
  | 'order'
  | 'packageId'
  | 'company'
  | 'client'
  | 'employee'
  | 'username'
  | 'account'
  | 'apiKey'
  | 'webhook'
  | 'delivery'
  | 'place'
  | 'rental'
  | 'locker'
  | 'asset';

/**
 * An entry of the ownership map: the field names an owned object (`owns`), or it names one of the
 * operator's objects that only its staff reach (`staff`: the permission table admits no client,
 * key, courier or kiosk; a test checks it), or it names nothing that anyone owns (`none`, why).
 */
export type Ownership = { owns: Owned } | { staff: string } | { none: string };

const OPERATOR = { staff: "the operator's: locations, office, assets, marketplace, content and logs" };
const own = (owns: Owned): Ownership => ({ owns });

/**
 * The ownership map: endpoint id (the contract's route table) -> each id-naming field
 * (`params.x`, `query.x`, `body.x`) -> what it names. A route that takes an id without an entry
 * here fails ownership-matrix.test.ts, so a new route cannot be left out of the matrix.
 */
export const OWNERSHIP: Record<string, Record<string, Ownership>> = {
  'adminLogs.list': { 'query.adminId': OPERATOR, 'query.placeId': OPERATOR, 'query.userId': OPERATOR },
  'adminLogs.exportLogs': { 'query.adminId': OPERATOR, 'query.placeId': OPERATOR, 'query.userId': OPERATOR },
  'admins.list': { 'query.company': own('company') },
  'admins.get': { 'params.id': own('account') },
  'admins.create': { 'body.kioskPlaceId': OPERATOR },
  'admins.update': { 'params.id': own('account'), 'body.kioskPlaceId': OPERATOR },
  'admins.setEnabled': { 'params.id': own('account') },
  'admins.remove': { 'params.id': own('account') },
  'admins.employees': { 'query.company': own('company') },
  'admins.employee': { 'params.id': own('employee') },
  'admins.createEmployee': { 'body.company': own('company') },
  'admins.updateEmployee': { 'params.id': own('employee'), 'body.company': own('company') },
  'admins.setEmployeeEnabled': { 'params.id': own('employee') },
  'admins.removeEmployee': { 'params.id': own('employee') },
  'apiKeys.create': { 'body.companyId': own('company') },
  'apiKeys.list': { 'query.company': own('company') },
  'apiKeys.revoke': { 'params.id': own('apiKey') },
  'apiKeys.rotate': { 'params.id': own('apiKey') },
  'alerts.list': { 'query.placeId': OPERATOR },
  'alerts.exportAlerts': { 'query.placeId': OPERATOR },
  'alerts.acknowledge': { 'params.id': OPERATOR },
  'auth.storeUser': { 'params.username': own('username') },
  'carrierKiosk.collectReturn': { 'body.packageId': own('packageId') },
  'carrierKiosk.deposit': { 'body.packageId': own('packageId') },
  'catalog.updateProject': { 'params.id': OPERATOR },
  'catalog.deleteProject': { 'params.id': OPERATOR },
  'catalog.saveUserType': { 'params.code': OPERATOR },
  'clients.update': { 'params.id': own('client') },
  'clients.setGrants': { 'params.id': own('client'), 'body.placeIds': OPERATOR },
  'clients.usage': { 'query.clientId': own('client') },
  'clients.exportUsage': { 'query.clientId': own('client') },
  'content.currentTerms': { 'params.language': { none: 'a language code' } },
  'content.publicFaqs': { 'params.language': { none: 'a language code' } },
  'content.reorderFaqs': { 'body.ids': OPERATOR },
  'content.updateFaq': { 'params.id': OPERATOR },
  'content.deleteFaq': { 'params.id': OPERATOR },
  'kiosk.parcel': { 'body.packageId': own('packageId') },
  'kiosk.deposit': { 'body.packageId': own('packageId') },
  'notifications.messages': { 'query.orderId': own('order') },
  'notifications.exportMessages': { 'query.orderId': own('order') },
  'notifications.retryMessage': { 'params.id': OPERATOR },
  'notifications.returns': { 'query.locationId': own('place'), 'query.company': own('company') },
  'notifications.openForReturn': { 'body.orderId': own('order') },
  'office.kioskOpen': { 'body.placeId': own('place'), 'body.lockerId': own('locker') },
  'office.kioskLockers': { 'body.placeId': own('place') },
  'office.kioskAssets': { 'body.placeId': own('place') },
  'office.kioskTakeAsset': { 'body.placeId': own('place'), 'body.assetId': own('asset') },
  'office.kioskReturnableAssets': { 'body.placeId': own('place') },
  'office.kioskReturnAsset': { 'body.placeId': own('place'), 'body.assetId': own('asset') },
  'orders.list': { 'query.placeId': own('place'), 'query.company': own('company') },
  'orders.exportOrders': { 'query.placeId': own('place'), 'query.company': own('company') },
  'orders.bulkOrders': { 'body.ids': own('order') },
  'orders.order': { 'query.packageId': own('packageId'), 'query.id': own('order') },
  'orders.create': {
    'body.id': { none: 'a legacy field the create ignores' },
    'body.packageId': own('packageId'),
  },
  'orders.update': { 'body.id': own('order'), 'body.packageId': own('packageId') },
  'orders.remove': { 'body.packageId': own('packageId') },
  'orders.assignLocker': { 'query.locationId': own('place'), 'query.packageId': own('packageId') },
  'orders.storePackage': { 'query.packageId': own('packageId') },
  'orders.deliveryPlaces': { 'query.locationId': own('place') },
  'orders.analytics': { 'query.locationId': OPERATOR },
  'orders.logs': {
    'query.orderId': own('order'),
    'query.packageId': own('packageId'),
    'query.actionId': { none: 'an action code' },
  },
  'orders.mine': { 'query.placeId': own('place'), 'query.company': own('company') },
  'orders.expired': { 'query.placeId': own('place'), 'query.company': own('company') },
  'orders.lockers': { 'query.locationId': own('place') },
  'orders.setLockersEnabled': { 'body.lockerIds': own('locker') },
  'orders.verify': { 'body.orderId': own('order') },
  'orders.store': { 'body.orderId': own('order') },
  'orders.archive': { 'body.orderId': own('order') },
  'orders.resendSms': { 'body.orderId': own('order') },
  'orders.cancel': { 'body.orderId': own('order') },
  'orders.deliverByStaff': { 'body.orderId': own('order') },
  'orders.releaseLocker': { 'body.orderId': own('order') },
  'orders.label': { 'query.orderId': own('order') },
  'orders.slip': { 'query.orderId': own('order') },
  'orders.kioskPickup': { 'body.placeId': own('place') },
  'orders.importProgress': { 'query.id': { staff: "an import run: the importer's and the operator's" } },
  'partner.createReturn': { 'body.packageId': own('packageId'), 'body.locationId': own('place') },
  'partner.createOrder': { 'body.packageId': own('packageId'), 'body.locationId': own('place') },
  'partner.order': { 'params.packageId': own('packageId') },
  'partner.cancelOrder': { 'params.packageId': own('packageId') },
  'partner.deleteWebhook': { 'params.id': own('webhook') },
  'partner.enableWebhook': { 'params.id': own('webhook') },
  'partner.deliveries': { 'params.id': own('webhook') },
  'partner.redeliver': { 'params.id': own('webhook'), 'params.deliveryId': own('delivery') },
  'rentals.quote': { 'body.packId': { none: "a price pack of the operator's public catalogue" } },
  'rentals.rent': { 'body.packId': { none: "a price pack of the operator's public catalogue" } },
  'rentals.get': { 'params.id': own('rental') },
  'rentals.open': { 'params.id': own('rental') },
  'rentals.extend': {
    'params.id': own('rental'),
    'body.packId': { none: "a price pack of the operator's public catalogue" },
  },
  'rentals.end': { 'params.id': own('rental') },
  'rentals.cancel': { 'params.id': own('rental') },
  'rentals.paymentWebhook': {
    'body.eventId': { none: "the payment provider's event, signed (ADR 0007)" },
    'body.transactionId': { none: "the payment provider's transaction, signed (ADR 0007)" },
  },
  'wall.controllerKey': { 'params.id': OPERATOR },
  'wall.conflicts': { 'query.placeId': OPERATOR },
  'webhooks.create': { 'params.id': own('apiKey') },
  'webhooks.remove': { 'params.id': own('webhook') },
  'webhooks.enable': { 'params.id': own('webhook') },
  'webhooks.deliveries': { 'params.id': own('webhook') },
  'webhooks.redeliver': { 'params.id': own('webhook'), 'params.deliveryId': own('delivery') },
};

/**
 * What a route's sample lacks to reach the object rule (the contract has no example for these
 * fields): without them the call would stop at input validation and judge nothing.
 */
export const SAMPLE_EXTRAS: Record<
  string,
  { query?: Record<string, unknown>; body?: Record<string, unknown> }
> = {
  'admins.createEmployee': {
    body: { username: 'matriz_b1', name: 'Beta', password: 'segredo12', confirmPassword: 'segredo12' },
  },
  'kiosk.deposit': { body: { size: 'S' } },
  'orders.assignLocker': { query: { size: 'S' } },
  'office.kioskOpen': { body: { card: 'AB12' } },
  'office.kioskTakeAsset': { body: { card: 'AB12' } },
  'office.kioskReturnAsset': { body: { card: 'AB12' } },
};

/** Areas whose ids all name the operator's objects (staff only): no entry per route needed. */
export const OPERATOR_AREAS = ['assets', 'catalog', 'locations', 'marketplace', 'office'] as const;

/** A field that names something: every path parameter, and query or body fields called like ids. */
const NAMES_SOMETHING = /^(id|ids|company|packageIds?)$|Ids?$/;

export interface IdField {
  where: 'params' | 'query' | 'body';
  name: string;
  /** The field is a list: an object goes in as a one-element array. */
  list: boolean;
}
export const keyOf = (f: IdField) => `${f.where}.${f.name}`;

/** Every field of the endpoint that names an object, found in the contract's path and schemas. */
export function idFields(e: Endpoint): IdField[] {
  const out: IdField[] = [...e.path.matchAll(/:(\w+)/g)].map((m) => ({
    where: 'params' as const,
    name: m[1]!,
    list: false,
  }));
  for (const [where, schema] of [
    ['query', jsonOf(e.query)],
    ['body', jsonOf(e.body)],
  ] as const) {
    const props = { ...schema?.properties };
    for (const v of [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])]) Object.assign(props, v.properties);
    for (const [name, prop] of Object.entries(props))
      if (NAMES_SOMETHING.test(name)) out.push({ where, name, list: [prop.type].flat().includes('array') });
  }
  return out;
}

export const allEndpoints = (): Endpoint[] =>
  Object.values(API).flatMap((area) => Object.values(area) as Endpoint[]);

/** The entry of a field: the map's, or the operator's for the operator's areas; undefined if missing. */
export function ownershipOf(e: Endpoint, f: IdField): Ownership | undefined {
  const entry = OWNERSHIP[e.id]?.[keyOf(f)];
  if (entry) return entry;
  // A kiosk's route in an operator's area still names places and what is kept there: it needs an entry.
  if (e.permission !== 'kiosk.use' && (OPERATOR_AREAS as readonly string[]).includes(e.tag)) return OPERATOR;
  return undefined;
}
