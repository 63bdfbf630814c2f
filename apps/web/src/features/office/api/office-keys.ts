import { onRealtimeMessage } from '@/lib/realtime';

/** Every office query key is built here, so mutations and realtime invalidate the right ones. */
export const officeKeys = {
  all: ['office'] as const,
  users: ['office', 'users'] as const,
  userList: (params: object) => ['office', 'users', 'list', params] as const,
  user: (id: number) => ['office', 'users', 'detail', id] as const,
  userKpis: (id: number) => ['office', 'users', 'kpis', id] as const,
  groups: ['office', 'groups'] as const,
  schedules: ['office', 'schedules'] as const,
  lockers: ['office', 'lockers'] as const,
  expired: ['office', 'expired'] as const,
  activity: (params: object) => ['office', 'activity', params] as const,
  dashboard: ['office', 'dashboard'] as const,
};

// RefreshUsers: any user change (here or in another tab) refreshes every user screen.
onRealtimeMessage('RefreshUsers', (_data, qc) => {
  void qc.invalidateQueries({ queryKey: officeKeys.users });
  void qc.invalidateQueries({ queryKey: officeKeys.groups });
  void qc.invalidateQueries({ queryKey: officeKeys.expired });
  void qc.invalidateQueries({ queryKey: officeKeys.lockers });
});
