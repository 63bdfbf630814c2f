import { useState } from 'react';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { alertListQuerySchema } from '@cacifo/contract/schemas/alert-list';
import { can } from '@cacifo/contract/permissions';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useAlerts } from '../api/get-alerts';

/** The alerts page's controller: the list in the URL, its rows, what the user may do, the alert being acknowledged. */
export function useAlertsPage() {
  const list = useListState(alertListQuerySchema);
  const alerts = useAlerts(list.query);
  const session = useSession();
  const mayAcknowledge = !!session && can(session.userRole, 'alerts.acknowledge', session.modules);
  const mayOpen = !!session && can(session.userRole, 'doors.open', session.modules);
  const [acking, setAcking] = useState<AlertLocker | null>(null);
  return { list, alerts, mayAcknowledge, mayOpen, acking, setAcking };
}
