import { z } from 'zod';
import { defineEndpoints } from '../endpoint.js';
import { DOOR_FAILURE_CODES, PLACE_MODE_REFUSALS } from '../envelope.js';
import {
  analyticsQuerySchema,
  assignLockerQuerySchema,
  deliveryAnalyticsSchema,
  deliveryLockerSchema,
  deliveryLockersQuerySchema,
  deliveryPlaceSchema,
  kioskPickupBodySchema,
  kioskPickupReplySchema,
  listOrdersQuerySchema,
  listOrdersReplySchema,
  lockersEnabledBodySchema,
  lockersEnabledReplySchema,
  orderDeleteSchema,
  orderIdBodySchema,
  orderInputSchema,
  orderLogsQuerySchema,
  orderLogsReplySchema,
  orderPrintQuerySchema,
  orderQuerySchema,
  orderSchema,
  orderUpdateSchema,
  packageIdQuerySchema,
  expiredOrdersQuerySchema,
  myOrdersQuerySchema,
  ordersBulkSchema,
  ordersExportQuerySchema,
  PDF_CONTENT_TYPE,
  releaseLockerBodySchema,
} from '../schemas/orders.js';
import { bulkResultSchema, EXPORT_CONTENT_TYPES } from '../lists.js';
import { orderImportEndpoints } from './orders-import.js';

/** A change of state that another request can win (the order's version moved): `conflict`. */
const ORDER_WRITE_ERRORS = ['orderNotExist', 'stateNotAllowed', 'conflict'] as const;
/** An action that opens the order's door: the door's failures, or its locker gone (`notFound`). */
const DOOR_ACTION_ERRORS = [...ORDER_WRITE_ERRORS, 'notFound', ...DOOR_FAILURE_CODES] as const;

/** The staff actions of the detail pages: POST with the order id, answering the order as it is now. */
const staffAction = (summary: string, opensDoor: boolean) =>
  ({
    method: 'POST',
    permission: 'orders.manage',
    summary,
    body: orderIdBodySchema,
    reply: orderSchema,
    errors: opensDoor ? DOOR_ACTION_ERRORS : ORDER_WRITE_ERRORS,
  }) as const;

/**
 * Delivery orders (SPEC §7 Orders): lists, one order, its lifecycle (create, update, delete, deposit,
 * staff actions), the delivery lockers, analytics, the import and the recipient's kiosk pickup.
 */
export const ordersApi = defineEndpoints('orders', {
  list: {
    method: 'GET',
    path: '/api/delivery/listOrders',
    permission: 'orders.view',
    summary:
      'Orders by state list, archived flag, location, store, delivery type and dates, with a search; sorted and paged on the server',
    query: listOrdersQuerySchema,
    reply: listOrdersReplySchema,
  },
  exportOrders: {
    method: 'GET',
    path: '/api/delivery/listOrders/export',
    permission: 'orders.view',
    summary: 'The filtered orders list as an .xlsx or .csv file, streamed',
    query: ordersExportQuerySchema,
    reply: null,
    produces: [EXPORT_CONTENT_TYPES.xlsx, EXPORT_CONTENT_TYPES.csv],
  },
  bulkOrders: {
    method: 'POST',
    path: '/api/delivery/orders/bulk',
    permission: 'orders.manage',
    summary: 'Archive, resend the pickup code of, or cancel several orders; each row reports its own outcome',
    body: ordersBulkSchema,
    reply: bulkResultSchema,
  },
  companies: {
    method: 'GET',
    path: '/api/delivery/companies',
    permission: 'orders.view',
    summary: "The stores (companies) that own orders, for the lists' store filter",
    reply: z.array(z.string()),
  },
  order: {
    method: 'GET',
    path: '/api/delivery/order',
    permission: 'orders.search',
    summary: 'One order with its logs, by id, or by packageId (a delivered one answers orderDelivered)',
    description:
      'By packageId, a delivered order answers the failure `orderDelivered` with the order as Data ' +
      '(the scanner and the navbar search open its history from it). A courier reads only by ' +
      'packageId, an order waiting for deposit or one it deposited (by id: `forbidden`).',
    query: orderQuerySchema,
    reply: orderSchema,
    errors: ['orderNotExist', 'orderDelivered'],
  },
  create: {
    method: 'POST',
    path: '/api/delivery/order',
    permission: 'orders.deposit',
    summary: 'Create an order (the scanner registers unknown packages this way)',
    description:
      'Honours `Idempotency-Key`: the web sends one key per form submission, so a double click or a ' +
      'retried request creates the order once and both get the same answer.',
    idempotent: true,
    body: orderInputSchema,
    reply: orderSchema,
    errors: ['orderExists', 'packageIdUnavailable'],
  },
  update: {
    method: 'PUT',
    versioned: true,
    path: '/api/delivery/order',
    permission: 'orders.manage',
    summary: 'Update an order before deposit',
    body: orderUpdateSchema,
    reply: orderSchema,
    errors: [...ORDER_WRITE_ERRORS, 'orderExists', 'packageIdUnavailable'],
  },
  remove: {
    method: 'DELETE',
    path: '/api/delivery/order',
    permission: 'orders.manage',
    summary: 'Delete an order whose package is not in a locker (a reserved locker is freed)',
    body: orderDeleteSchema,
    reply: z.object({ packageId: z.string() }),
    errors: ORDER_WRITE_ERRORS,
  },
  assignLocker: {
    method: 'GET',
    path: '/api/delivery/assignLocker',
    permission: 'orders.deposit',
    summary: "Reserve a free locker of the size at a delivery place ('No locker avaliable' when none)",
    query: assignLockerQuerySchema,
    reply: orderSchema,
    errors: [...ORDER_WRITE_ERRORS, 'selectSize', 'notFound', 'No locker avaliable', ...PLACE_MODE_REFUSALS],
  },
  storePackage: {
    method: 'GET',
    path: '/api/delivery/storePackage',
    permission: 'orders.deposit',
    summary: 'Open the assigned locker for the deposit; closing it stores the package',
    query: packageIdQuerySchema,
    reply: orderSchema,
    errors: [...DOOR_ACTION_ERRORS, ...PLACE_MODE_REFUSALS],
  },
  deliveryPlaces: {
    method: 'GET',
    path: '/api/julian/deliveryLockers',
    permission: 'orders.deposit',
    summary: 'Delivery places with their free lockers by size',
    query: deliveryLockersQuerySchema,
    reply: z.array(deliveryPlaceSchema),
  },
  analytics: {
    method: 'GET',
    path: '/api/delivery/analytics',
    permission: 'orders.analytics',
    summary: 'Orders per day and totals for a place and date range (default the last 30 days)',
    query: analyticsQuerySchema,
    reply: deliveryAnalyticsSchema,
  },
  logs: {
    method: 'GET',
    path: '/api/delivery/orderLogs',
    permission: 'orders.view',
    summary: 'Order logs, paged, by order, package, action and date',
    query: orderLogsQuerySchema,
    reply: orderLogsReplySchema,
  },
  mine: {
    method: 'GET',
    path: '/api/delivery/myOrders',
    permission: 'orders.deposit',
    summary: 'The orders the caller deposited (the courier list), most recently changed first',
    query: myOrdersQuerySchema,
    reply: listOrdersReplySchema,
  },
  expired: {
    method: 'GET',
    path: '/api/delivery/expiredLockers',
    permission: 'orders.view',
    summary: 'Packages waiting for pickup longer than the limit, oldest first',
    query: expiredOrdersQuerySchema,
    reply: listOrdersReplySchema,
  },
  lockers: {
    method: 'GET',
    path: '/api/delivery/lockers',
    permission: 'orders.manage',
    summary: 'Lockers of the delivery places with their active delivery',
    query: deliveryLockersQuerySchema,
    reply: z.array(deliveryLockerSchema),
  },
  setLockersEnabled: {
    method: 'POST',
    path: '/api/delivery/lockers/enabled',
    permission: 'lockers.enable',
    summary: 'Disable or enable delivery lockers (admins only)',
    body: lockersEnabledBodySchema,
    reply: lockersEnabledReplySchema,
    errors: ['notFound'],
  },
  verify: { path: '/api/delivery/order/verify', ...staffAction('Open the door to check the package', true) },
  store: { path: '/api/delivery/order/store', ...staffAction('Mark the package as stored', false) },
  archive: { path: '/api/delivery/order/archive', ...staffAction('Archive a finished order', false) },
  resendSms: { path: '/api/delivery/order/resendSms', ...staffAction('Send a new pickup code', false) },
  cancel: {
    path: '/api/delivery/order/cancel',
    ...staffAction('Cancel (opens the door when the package is inside)', true),
  },
  deliverByStaff: {
    path: '/api/delivery/order/deliverByStaff',
    ...staffAction('Open the door and hand the package over', true),
  },
  releaseLocker: {
    method: 'POST',
    path: '/api/delivery/order/releaseLocker',
    permission: 'orders.manage',
    summary: "Unassign the order's locker (the admin's PIN)",
    body: releaseLockerBodySchema,
    reply: orderSchema,
    errors: [...ORDER_WRITE_ERRORS, 'wrongPin', 'pinNotSet', 'tooManyAttempts'],
  },
  label: {
    method: 'GET',
    path: '/api/delivery/order/label',
    permission: 'orders.search',
    summary: 'The parcel label of an order as a PDF: package id as Code 128, reference, locker',
    description:
      'A store prints only its company orders (another one reads as `orderNotExist`). The file is ' +
      'a 100 x 150 mm page to stick on the parcel; no pickup code is on it.',
    query: orderPrintQuerySchema,
    reply: null,
    produces: [PDF_CONTENT_TYPE],
    errors: ['orderNotExist'],
  },
  slip: {
    method: 'GET',
    path: '/api/delivery/order/slip',
    permission: 'orders.deposit',
    summary: "The recipient's pickup slip as a PDF: locker, pickup code and its QR for the kiosk",
    description:
      'Only while the parcel waits in its locker (else `noPickupCode`). A store prints its company ' +
      'orders, a courier only the orders they deposited; any other order reads as `orderNotExist`.',
    query: orderPrintQuerySchema,
    reply: null,
    produces: [PDF_CONTENT_TYPE],
    errors: ['orderNotExist', 'noPickupCode'],
  },
  kioskPickup: {
    method: 'POST',
    path: '/api/kiosk/pickup',
    permission: 'kiosk.use',
    summary: "Recipient pickup at the kiosk with the SMS code or the QR: opens the order's door",
    body: kioskPickupBodySchema,
    reply: kioskPickupReplySchema,
    errors: ['wrongPin', 'pinNotSet', 'tooManyAttempts', ...DOOR_ACTION_ERRORS],
  },
  ...orderImportEndpoints,
});
