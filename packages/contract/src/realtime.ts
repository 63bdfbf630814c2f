/** Realtime (SPEC §4, §7): WebSocket at the location-status path; messages `{ MsgType, Data }`. */
export const REALTIME_PATH = '/ws/location-status';

export const MSG_TYPE = {
  LOCKER_UPDATE: 'LockerUpdate',
  UPDATE_TRANSACTIONS: 'UpdateTransactions',
  REFRESH_USERS: 'RefreshUsers',
  UPDATE_CAPACITY: 'UpdateCapacity',
  /** An asset was created, edited, deleted, enabled, disabled or given to people (issue #27). */
  REFRESH_ASSETS: 'RefreshAssets',
  /** Which places had door messages in the last PLACES_DIGEST_MS: for lists and counts (issue #34). */
  PLACES_CHANGED: 'PlacesChanged',
} as const;
export type MsgType = (typeof MSG_TYPE)[keyof typeof MSG_TYPE];

export interface LockerUpdateData {
  placeId: number;
  lockerId: number;
  doorNumber: number;
  status: number;
  doorStatus: number;
  enabled: number;
}

export interface RealtimeDataMap {
  LockerUpdate: LockerUpdateData;
  UpdateTransactions: { transactionIds: number[] };
  RefreshUsers: { userIds: number[] };
  UpdateCapacity: { placeId: number };
  RefreshAssets: { assetIds: number[] };
  PlacesChanged: { placeIds: number[] };
}

export type RealtimeMessage = {
  [K in MsgType]: { MsgType: K; Data: RealtimeDataMap[K] };
}[MsgType];

/**
 * Subscriptions (issue #34): a socket names the topics its screens show, and receives only the
 * messages of those topics. `place:{id}` carries one place's door messages (LockerUpdate,
 * UpdateCapacity) for a grid; `doors` carries `PlacesChanged`, a digest of which places changed,
 * sent at most every PLACES_DIGEST_MS, for lists and counts that any door may move; the others carry
 * their message type. A socket that never subscribed receives every message its role may read (the
 * SPEC's protocol, kept for older clients).
 *
 * The client sends `{ "subscribe": ["place:12", "doors"] }`: the whole set, which replaces the
 * previous one. The server answers `Subscribed` with the set, or `SubscriptionRefused` and keeps the
 * previous set.
 */
export const REALTIME_TOPIC = {
  DOORS: 'doors',
  TRANSACTIONS: 'transactions',
  USERS: 'users',
  ASSETS: 'assets',
} as const;
export type RealtimeTopic = (typeof REALTIME_TOPIC)[keyof typeof REALTIME_TOPIC] | `place:${number}`;

export const placeTopic = (placeId: number): RealtimeTopic => `place:${placeId}`;

/** Most topics one socket may hold (a screen shows a few places and lists, not thousands). */
export const MAX_REALTIME_TOPICS = 100;
/** Longest wait between a door event and the `PlacesChanged` digest that names its place. */
export const PLACES_DIGEST_MS = 500;

const TOPIC_PATTERN = /^(?:doors|transactions|users|assets|place:[1-9]\d{0,9})$/;
export const isRealtimeTopic = (t: unknown): t is RealtimeTopic =>
  typeof t === 'string' && TOPIC_PATTERN.test(t);

/** The topics a message reaches (a door message also feeds the `doors` digest, see PlacesChanged). */
export function messageTopics(message: RealtimeMessage): RealtimeTopic[] {
  switch (message.MsgType) {
    case MSG_TYPE.LOCKER_UPDATE:
    case MSG_TYPE.UPDATE_CAPACITY:
      return [placeTopic(message.Data.placeId)];
    case MSG_TYPE.PLACES_CHANGED:
      return [REALTIME_TOPIC.DOORS];
    case MSG_TYPE.UPDATE_TRANSACTIONS:
      return [REALTIME_TOPIC.TRANSACTIONS];
    case MSG_TYPE.REFRESH_USERS:
      return [REALTIME_TOPIC.USERS];
    case MSG_TYPE.REFRESH_ASSETS:
      return [REALTIME_TOPIC.ASSETS];
  }
}
