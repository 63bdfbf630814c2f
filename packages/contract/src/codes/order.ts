import { defineCodes, type CodeOf } from './define.js';

/**
 * Order states 1-17 (SPEC §4, canonical per DECISIONS.md), and 18-20 for parcels nobody collects
 * (issue #25, docs/adr/0051): expired and waiting to be returned, open for return, returned.
 */
export const ORDER_STATE = {
  CREATED: 1,
  LOCKER_ASSIGNED: 2,
  OPEN_FOR_DELIVERY: 3,
  STORED_IN_LOCKER: 4,
  OPEN_WITH_PIN: 5,
  OPEN_WITH_QRCODE: 6,
  DELIVERED: 7,
  OPEN_FOR_CANCEL: 8,
  CANCELED: 9,
  OPEN_FOR_VERIFICATION: 10,
  UPDATED: 11,
  VERIFIED: 12,
  DELIVERED_BY_STAFF: 13,
  ARCHIVED: 14,
  RESEND_SMS: 15,
  EXTERIOR_DOOR_OPENED_TO_DEPOSIT: 16,
  EXTERIOR_DOOR_OPENED_TO_PICKUP: 17,
  /** The pickup window closed: the package waits in its locker for a courier to take it back. */
  EXPIRED: 18,
  /** A courier or staff opened the door to take the expired package back. */
  OPEN_FOR_RETURN: 19,
  /** Taken back out of the locker, on its way to the sender. */
  RETURNED: 20,
} as const;
export const orderState = defineCodes('orderState', ORDER_STATE);
export type OrderState = CodeOf<typeof ORDER_STATE>;

const S = ORDER_STATE;

/** States in which the package sits in a locker waiting for its recipient. */
export const WAITING_PICKUP_STATES: readonly OrderState[] = [S.STORED_IN_LOCKER, S.VERIFIED, S.RESEND_SMS];
/**
 * States that hold a locker: every state from assignment until the package leaves. A partial index
 * (server migrations 0011, 0014) names these same constants.
 */
export const LOCKER_HOLDING_STATES: readonly OrderState[] = [
  S.LOCKER_ASSIGNED,
  S.OPEN_FOR_DELIVERY,
  S.STORED_IN_LOCKER,
  S.OPEN_WITH_PIN,
  S.OPEN_WITH_QRCODE,
  S.OPEN_FOR_CANCEL,
  S.OPEN_FOR_VERIFICATION,
  S.UPDATED,
  S.VERIFIED,
  S.RESEND_SMS,
  S.EXTERIOR_DOOR_OPENED_TO_DEPOSIT,
  S.EXTERIOR_DOOR_OPENED_TO_PICKUP,
  S.EXPIRED,
  S.OPEN_FOR_RETURN,
];
/** States after which the recipient has the package: search opens the history detail. */
export const DELIVERED_STATES: readonly OrderState[] = [S.DELIVERED, S.DELIVERED_BY_STAFF, S.ARCHIVED];

/**
 * The order state machine: every action, the states it may start from and the state it leads to.
 * `opensDoor` actions only reach their target when the device layer reports the door opened; the
 * `*Closed` actions are driven by the door closing afterwards. Anything not listed is refused (422).
 */
export const ORDER_ACTIONS = {
  update: { from: [S.CREATED, S.LOCKER_ASSIGNED, S.UPDATED], to: S.UPDATED, opensDoor: false },
  assignLocker: { from: [S.CREATED, S.LOCKER_ASSIGNED, S.UPDATED], to: S.LOCKER_ASSIGNED, opensDoor: false },
  // An edited order (11) may or may not hold a locker: the actions on a locker need one.
  releaseLocker: {
    from: [S.LOCKER_ASSIGNED, S.OPEN_FOR_DELIVERY, S.UPDATED],
    to: S.CREATED,
    opensDoor: false,
    needsLocker: true,
  },
  openForDeposit: {
    from: [S.LOCKER_ASSIGNED, S.UPDATED],
    to: S.OPEN_FOR_DELIVERY,
    opensDoor: true,
    needsLocker: true,
  },
  openExteriorForDeposit: {
    from: [S.LOCKER_ASSIGNED, S.UPDATED],
    to: S.EXTERIOR_DOOR_OPENED_TO_DEPOSIT,
    opensDoor: true,
    needsLocker: true,
  },
  depositClosed: {
    from: [S.OPEN_FOR_DELIVERY, S.EXTERIOR_DOOR_OPENED_TO_DEPOSIT],
    to: S.STORED_IN_LOCKER,
    opensDoor: false,
  },
  pickupWithPin: { from: WAITING_PICKUP_STATES, to: S.OPEN_WITH_PIN, opensDoor: true },
  pickupWithQrcode: { from: WAITING_PICKUP_STATES, to: S.OPEN_WITH_QRCODE, opensDoor: true },
  openExteriorForPickup: {
    from: WAITING_PICKUP_STATES,
    to: S.EXTERIOR_DOOR_OPENED_TO_PICKUP,
    opensDoor: true,
  },
  pickupClosed: {
    from: [S.OPEN_WITH_PIN, S.OPEN_WITH_QRCODE, S.EXTERIOR_DOOR_OPENED_TO_PICKUP],
    to: S.DELIVERED,
    opensDoor: false,
  },
  verify: { from: WAITING_PICKUP_STATES, to: S.OPEN_FOR_VERIFICATION, opensDoor: true },
  verificationClosed: { from: [S.OPEN_FOR_VERIFICATION], to: S.VERIFIED, opensDoor: false },
  /** Staff "store": a package verified outside the normal flow is put back as stored. */
  store: {
    from: [S.OPEN_FOR_DELIVERY, S.OPEN_FOR_VERIFICATION, S.VERIFIED],
    to: S.STORED_IN_LOCKER,
    opensDoor: false,
  },
  resendSms: { from: WAITING_PICKUP_STATES, to: S.RESEND_SMS, opensDoor: false },
  cancel: { from: [...WAITING_PICKUP_STATES, S.OPEN_FOR_DELIVERY], to: S.OPEN_FOR_CANCEL, opensDoor: true },
  cancelBeforeDeposit: {
    from: [S.CREATED, S.LOCKER_ASSIGNED, S.UPDATED],
    to: S.CANCELED,
    opensDoor: false,
  },
  cancelClosed: { from: [S.OPEN_FOR_CANCEL], to: S.CANCELED, opensDoor: false },
  /** A recipient who comes to the desk after expiry can still be handed the package by staff. */
  deliverByStaff: {
    from: [...WAITING_PICKUP_STATES, S.EXPIRED],
    to: S.DELIVERED_BY_STAFF,
    opensDoor: true,
  },
  archive: {
    from: [S.DELIVERED, S.CANCELED, S.DELIVERED_BY_STAFF, S.RETURNED],
    to: S.ARCHIVED,
    opensDoor: false,
  },
  /** The pickup window of the place's type closed (the expiry job): the pickup code stops working. */
  expire: { from: WAITING_PICKUP_STATES, to: S.EXPIRED, opensDoor: false },
  /** The return code at the kiosk, or a courier or staff from the return list, opens the door. */
  openForReturn: { from: [S.EXPIRED], to: S.OPEN_FOR_RETURN, opensDoor: true, needsLocker: true },
  /**
   * A customer's return dropped off at a wall (delivery type 2, stored) is collected by its carrier's
   * courier or an operator (docs/adr/0180): the door opens as for an expired parcel, and closing it
   * records it returned. Only the service knows the delivery type: it refuses any other parcel.
   */
  collectReturn: { from: [S.STORED_IN_LOCKER], to: S.OPEN_FOR_RETURN, opensDoor: true, needsLocker: true },
  returnClosed: { from: [S.OPEN_FOR_RETURN], to: S.RETURNED, opensDoor: false },
} as const satisfies Record<
  string,
  { from: readonly OrderState[]; to: OrderState; opensDoor: boolean; needsLocker?: true }
>;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const orderActions = Object.keys(ORDER_ACTIONS) as OrderAction[];

export function canApplyOrderAction(action: OrderAction, state: OrderState): boolean {
  return (ORDER_ACTIONS[action].from as readonly OrderState[]).includes(state);
}

/** Does `action` need the order to hold a locker (state 11 may have none)? */
export function actionNeedsLocker(action: OrderAction): boolean {
  return 'needsLocker' in ORDER_ACTIONS[action];
}

/** The state machine's answer for an order as it is: its state, and whether it has a locker. */
export function orderAllows(action: OrderAction, order: { state: OrderState; hasLocker: boolean }): boolean {
  return canApplyOrderAction(action, order.state) && (order.hasLocker || !actionNeedsLocker(action));
}

/** The next state, or null when the action is not allowed from `state`. */
export function nextOrderState(action: OrderAction, state: OrderState): OrderState | null {
  return canApplyOrderAction(action, state) ? ORDER_ACTIONS[action].to : null;
}

/** The staff actions an operator can press on an order in this state. */
export const STAFF_ORDER_ACTIONS = [
  'verify',
  'store',
  'archive',
  'resendSms',
  'cancel',
  'deliverByStaff',
  'releaseLocker',
] as const satisfies readonly OrderAction[];
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number];
export function staffActionsFor(state: OrderState, hasLocker = true): StaffOrderAction[] {
  return STAFF_ORDER_ACTIONS.filter((a) => orderAllows(a, { state, hasLocker }));
}

/**
 * Where an order stands, for what the scanner, the courier page, the detail page and the deposit
 * dialog tell a person. Derived from the state machine (issue #23), not from SPEC §4's "state not 1
 * or 2 is already delivered", which called an edited order (11) delivered.
 */
export const ORDER_STAGES = [
  'toDeposit',
  'depositing',
  'inLocker',
  'doorOpen',
  'delivered',
  'canceled',
  'archived',
  'toReturn',
  'returned',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

const reachedBy = (...actions: OrderAction[]): readonly OrderState[] =>
  actions.map((a) => ORDER_ACTIONS[a].to);

export function orderStage(state: OrderState): OrderStage {
  if (canApplyOrderAction('assignLocker', state)) return 'toDeposit';
  if (WAITING_PICKUP_STATES.includes(state)) return 'inLocker';
  if (reachedBy('openForDeposit', 'openExteriorForDeposit').includes(state)) return 'depositing';
  if (reachedBy('pickupClosed', 'deliverByStaff').includes(state)) return 'delivered';
  if (reachedBy('cancelClosed', 'cancelBeforeDeposit').includes(state)) return 'canceled';
  if (reachedBy('archive').includes(state)) return 'archived';
  if (reachedBy('expire').includes(state)) return 'toReturn';
  if (reachedBy('returnClosed').includes(state)) return 'returned';
  // A door is open for a pickup, a check or a cancel: the door closing decides what comes next.
  return 'doorOpen';
}

/** The recipient has the package (or the finished order was archived): nothing left to deposit. */
export function isAlreadyDelivered(state: OrderState): boolean {
  const stage = orderStage(state);
  return stage === 'delivered' || stage === 'archived';
}

/**
 * The lists of the order screens. SPEC §7 names four variants (states 1-13 unarchived; 14; archived;
 * 4 only); archiving sets state 14 and the archived flag, so "14" and "archived" read the same rows.
 * Deposited shows every state where the package waits in its locker; history the finished ones.
 */
export const ORDER_LIST_VARIANTS = {
  orders: { state: orderState.values.filter((s) => s <= ORDER_STATE.DELIVERED_BY_STAFF), archived: false },
  deposited: {
    state: [ORDER_STATE.STORED_IN_LOCKER, ORDER_STATE.VERIFIED, ORDER_STATE.RESEND_SMS],
    archived: false,
  },
  history: {
    state: [
      ORDER_STATE.DELIVERED,
      ORDER_STATE.CANCELED,
      ORDER_STATE.DELIVERED_BY_STAFF,
      ORDER_STATE.RETURNED,
    ],
    archived: false,
  },
  /** Expired packages waiting in their lockers for a courier to take them back (issue #25). */
  returns: {
    state: [ORDER_STATE.EXPIRED, ORDER_STATE.OPEN_FOR_RETURN],
    archived: false,
  },
  archived: { state: undefined, archived: true },
} as const satisfies Record<string, { state: readonly OrderState[] | undefined; archived: boolean }>;
export type OrderListVariant = keyof typeof ORDER_LIST_VARIANTS;
