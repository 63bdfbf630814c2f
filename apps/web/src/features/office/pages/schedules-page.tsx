import { lazy, Suspense, useState } from 'react';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listSchedulesQuerySchema, type Schedule } from '@cacifo/contract/schemas/office';
import { WEEKDAYS } from '@cacifo/contract/codes/office';
import { DeleteButton } from '@/components/list/delete-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { useUserGroups } from '../api/get-user-groups';
import { useCan } from '@/lib/use-can';
import { hoursLabel, weekdayNames } from '../components/weekdays';

// The dialog (antd Form, time pickers, zod) loads after the list.
const ScheduleModal = lazy(() =>
  import('../components/schedule-modal').then((m) => ({ default: m.ScheduleModal })),
);

/** /schedules: when users (directly or through a group) may open their lockers. */
export default function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const list = useListState(listSchedulesQuerySchema);
  const { filters } = list;
  const canManage = useCan('schedules.manage');
  const schedules = useSchedules(list.query);
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [open, setOpen] = useState(false);
  const names = weekdayNames(i18n.language);

  const columns: ListColumn<Schedule>[] = [
    {
      title: t('office.fields.name'),
      dataIndex: 'name',
      sortKey: 'name',
      render: (v: string) => <strong>{v}</strong>,
    },
    {
      title: t('office.schedules.hours'),
      key: 'hours',
      sortKey: 'startTime',
      render: (_: unknown, s) => hoursLabel(s.startTime, s.endTime, t('office.schedules.wholeDay')),
    },
    {
      title: t('office.schedules.weekdays'),
      key: 'weekdays',
      render: (_: unknown, s) => (
        <Space size={2} wrap>
          {WEEKDAYS.map((d) => (
            // A day off is struck through, not faded: faded text fell below readable contrast.
            <Tag
              key={d}
              color={s.weekdays.includes(d) ? 'blue' : undefined}
              style={{
                marginInlineEnd: 0,
                textDecoration: s.weekdays.includes(d) ? undefined : 'line-through',
              }}
            >
              {names[d]}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('office.schedules.dates'),
      key: 'dates',
      sortKey: 'startDate',
      render: (_: unknown, s) =>
        s.startDate || s.endDate
          ? `${s.startDate ?? '…'} → ${s.endDate ?? '…'}`
          : t('office.schedules.always'),
    },
    {
      title: t('office.users.group'),
      dataIndex: 'userGroupName',
      render: (v: string | null) => (v ? <Tag color="purple">{v}</Tag> : '—'),
    },
    {
      title: t('office.users.location'),
      dataIndex: 'placeName',
      render: (v: string | null) => v ?? t('office.common.all'),
    },
    {
      title: t('office.schedules.users'),
      key: 'users',
      render: (_: unknown, s) => <Tag>{s.users.length}</Tag>,
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 96,
            render: (_: unknown, s: Schedule) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('office.schedules.edit')}
                  onClick={() => {
                    setEditing(s);
                    setOpen(true);
                  }}
                />
                <DeleteButton
                  size="small"
                  name={s.name}
                  onDelete={() => remove.mutateAsync(s.id)}
                  pending={remove.isPending && remove.variables === s.id}
                  testId={`schedule-delete-${s.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        routeId="schedules"
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
              data-testid="schedule-new"
            >
              {t('office.schedules.new')}
            </Button>
          )
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            key={filters.search ?? ''}
            allowClear
            defaultValue={filters.search}
            placeholder={t('office.common.search')}
            onSearch={(v) => list.setFilters({ search: v.trim() })}
            style={{ width: 240 }}
            data-testid="schedules-search"
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('office.schedules.filterGroup')}
            placeholder={t('office.schedules.filterGroup')}
            value={filters.groupId ? Number(filters.groupId) : undefined}
            onChange={(v?: number) => list.setFilters({ groupId: v })}
            style={{ width: 200 }}
            options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="schedules-filter-group"
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('office.schedules.filterPlace')}
            placeholder={t('office.schedules.filterPlace')}
            value={filters.placeId ? Number(filters.placeId) : undefined}
            onChange={(v?: number) => list.setFilters({ placeId: v })}
            style={{ width: 200 }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="schedules-filter-place"
          />
        </Space>
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
        <ScheduleModal schedule={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
