import { lazy, Suspense, useState } from 'react';
import { Alert, App, Button, Card, Input, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@cacifo/contract/schemas/office';
import { WEEKDAYS } from '@cacifo/contract/codes/office';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { useCan } from '../components/use-can-manage';
import { useUrlParams } from '../components/use-url-params';
import { hoursLabel, weekdayNames } from '../components/weekdays';

// The dialog (antd Form, time pickers, zod) loads after the list.
const ScheduleModal = lazy(() =>
  import('../components/schedule-modal').then((m) => ({ default: m.ScheduleModal })),
);

/** /schedules: when users (directly or through a group) may open their lockers. */
export default function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { params, update, num } = useUrlParams();
  const canManage = useCan('schedules.manage');
  const page = num('page') ?? 1;
  const search = params.get('q') ?? undefined;
  const schedules = useSchedules({ max_results: 25, offset: (page - 1) * 25, search });
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [open, setOpen] = useState(false);
  const names = weekdayNames(i18n.language);

  const columns: TableColumnsType<Schedule> = [
    { title: t('office.fields.name'), dataIndex: 'name', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('office.schedules.hours'),
      key: 'hours',
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
                  onClick={() => {
                    setEditing(s);
                    setOpen(true);
                  }}
                />
                <Popconfirm
                  title={t('office.schedules.confirmDelete', { name: s.name })}
                  okText={t('office.common.delete')}
                  cancelText={t('office.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(s.id);
                      void message.success(t('office.common.deleted'));
                    } catch (e) {
                      void message.error(errorMessage(e));
                    }
                  }}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} />
                </Popconfirm>
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
        <Input.Search
          allowClear
          defaultValue={search}
          placeholder={t('office.common.search')}
          onSearch={(q) => update({ q: q.trim(), page: null })}
          style={{ width: 240, marginBottom: 16 }}
        />
        {schedules.isError && (
          <Alert type="error" showIcon title={errorMessage(schedules.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<Schedule>
          rowKey="id"
          columns={columns}
          dataSource={schedules.data?.schedules ?? []}
          loading={schedules.isLoading}
          scroll={{ x: 900 }}
          pagination={{
            current: page,
            pageSize: 25,
            total: schedules.data?.totalSchedules ?? 0,
            onChange: (p) => update({ page: p > 1 ? p : null }),
          }}
        />
      </Card>
      <Suspense fallback={null}>
        <ScheduleModal schedule={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
