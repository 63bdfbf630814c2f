/** Realtime (SPEC §4, §7): WebSocket at the location-status path; messages `{ MsgType, Data }`. */
export const REALTIME_PATH = '/ws/location-status';

export const MSG_TYPE = {
  LOCKER_UPDATE: 'LockerUpdate',
  UPDATE_TRANSACTIONS: 'UpdateTransactions',
  REFRESH_USERS: 'RefreshUsers',
  UPDATE_CAPACITY: 'UpdateCapacity',
  /** An asset was created, edited, deleted, enabled, disabled or given to people (issue #27). */
  REFRESH_ASSETS: 'RefreshAssets',
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
}

export type RealtimeMessage = {
  [K in MsgType]: { MsgType: K; Data: RealtimeDataMap[K] };
}[MsgType];
