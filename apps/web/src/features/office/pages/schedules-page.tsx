import { lazy, Suspense } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listSchedulesQuerySchema, type Schedule } from '@cacifo/contract/schemas/office';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useEditModal } from '@/lib/list/use-edit-modal';
import { useListState } from '@/lib/list/use-list-state';
import { useSchedules } from '../api/get-schedules';
import { useCan } from '@/lib/use-can';
import { ScheduleFilters } from '../components/schedule-filters';
import { useScheduleColumns } from '../components/schedule-columns';

// The dialog (antd Form, time pickers, zod) loads after the list.
const ScheduleModal = lazy(() =>
  import('../components/schedule-modal').then((m) => ({ default: m.ScheduleModal })),
);

/** /schedules: when users (directly or through a group) may open their lockers. */
export default function SchedulesPage() {
  const { t } = useTranslation();
  const list = useListState(listSchedulesQuerySchema);
  const canManage = useCan('schedules.manage');
  const schedules = useSchedules(list.query);
  const modal = useEditModal<Schedule>();
  const columns = useScheduleColumns(canManage, modal.edit);

  return (
    <>
      <PageHeader
        routeId="schedules"
        extra={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.create} data-testid="schedule-new">
              {t('office.schedules.new')}
            </Button>
          )
        }
      />
      <Card>
        <ScheduleFilters list={list} />
        <ListTable<Schedule, typeof listSchedulesQuerySchema>
          list={list}
          rowKey="id"
          columns={columns}
          rows={schedules.data?.schedules}
          total={schedules.data?.totalSchedules}
          loading={schedules.isFetching && !schedules.data}
          error={schedules.isError ? schedules.error : undefined}
          countKey="office.schedules.count"
          testId="schedules-table"
          scrollX={900}
        />
      </Card>
      <Suspense fallback={null}>
        <ScheduleModal schedule={modal.editing} open={modal.open} onClose={modal.close} />
      </Suspense>
    </>
  );
}
