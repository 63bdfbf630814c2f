import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { type alertListQuerySchema } from '@cacifo/contract/schemas/alert-list';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { AcknowledgeAlertModal } from '../components/acknowledge-alert-modal';
import { useAlertColumns } from '../components/alert-columns';
import { AlertFilters } from '../components/alert-filters';
import { WallConflictsCard } from '../components/wall-conflicts-card';
import { useAlertsPage } from './use-alerts-page';

/**
 * /alerts: every locker whose door is in alert, on the list kit (issue #22): filters, sort and page
 * in the URL, sorted and filtered on the server, exported as the list stands.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const { list, alerts, mayAcknowledge, mayOpen, acking, setAcking } = useAlertsPage();
  const columns = useAlertColumns({ mayAcknowledge, mayOpen, setAcking });

  return (
    <>
      <PageHeader routeId="alerts" />
      <Card>
        <AlertFilters list={list} total={alerts.data?.totalAlerts} />
        <ListTable<AlertLocker, typeof alertListQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={alerts.data?.alerts}
          total={alerts.data?.totalAlerts}
          loading={alerts.isFetching}
          error={alerts.isError ? alerts.error : undefined}
          countKey="alerts.count"
          testId="alerts-table"
          scrollX={800}
          emptyText={t('alerts.empty')}
        />
      </Card>
      <WallConflictsCard />
      <AcknowledgeAlertModal acking={acking} onClose={() => setAcking(null)} />
    </>
  );
}
