/** Query strings of the list calls, as the web sends them (the contract's schemas parse them). */
export interface AssetsListParams {
  max_results: number;
  offset: number;
  search?: string | undefined;
  status?: string | undefined;
  categoryId?: number | undefined;
  enabled?: '0' | '1' | undefined;
  warning?: '0' | '1' | undefined;
}
export interface AssetsLogsParams {
  max_results: number;
  offset: number;
  assetId?: number | undefined;
  actionId?: string | undefined;
  userId?: number | undefined;
  adminId?: number | undefined;
  search?: string | undefined;
  createdAtInterval?: string | undefined;
}

/** Every asset query key comes from here, so mutations can invalidate by prefix. */
export const assetKeys = {
  all: ['assets'] as const,
  list: (params: AssetsListParams) => ['assets', 'list', params] as const,
  one: (id: number) => ['assets', 'one', id] as const,
  logs: (params: AssetsLogsParams) => ['assets', 'logs', params] as const,
  assetLogs: (id: number, max: number) => ['assets', 'assetLogs', id, max] as const,
  kpis: (id: number) => ['assets', 'kpis', id] as const,
  warnings: ['assets', 'warnings'] as const,
  categories: ['assets', 'categories'] as const,
  lockerUsers: (params: object) => ['assets', 'lockerUsers', params] as const,
  userGroups: ['assets', 'userGroups'] as const,
  schedules: ['assets', 'schedules'] as const,
  places: ['assets', 'places'] as const,
  freeLockers: (placeId: number | undefined) => ['assets', 'freeLockers', placeId] as const,
};
