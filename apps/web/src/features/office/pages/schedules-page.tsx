import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  TimePicker,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { scheduleFieldsSchema, type Schedule } from '@cacifo/contract/schemas/office';
import { WEEKDAYS } from '@cacifo/contract/codes/office';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { usePlaces } from '@/lib/queries/locations';
import { useUserGroups } from '../api/get-user-groups';
import { useDeleteSchedule } from '../api/delete-schedule';
import { useSchedules } from '../api/get-schedules';
import { useSaveSchedule } from '../api/save-schedule';
import { useCan } from '../components/use-can-manage';
import { useUrlParams } from '../components/use-url-params';
import { hoursLabel, weekdayNames } from '../components/weekdays';

interface FormValues {
  name?: string;
  hours?: [Dayjs, Dayjs] | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  weekdays?: number[];
  userGroupId?: number | null;
  placeId?: number | null;
}

function ScheduleModal({
  schedule,
  open,
  onClose,
}: {
  schedule: Schedule | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSchedule();
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const names = weekdayNames(i18n.language);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const s = schedule;
    form.setFieldsValue(
      s
        ? {
            name: s.name,
            hours: [dayjs(s.startTime, 'HH:mm'), dayjs(s.endTime, 'HH:mm')],
            dates:
              s.startDate || s.endDate
                ? [s.startDate ? dayjs(s.startDate) : null, s.endDate ? dayjs(s.endDate) : null]
                : null,
            weekdays: [...s.weekdays],
            userGroupId: s.userGroupId,
            placeId: s.placeId,
          }
        : { weekdays: [1, 2, 3, 4, 5], hours: [dayjs('08:00', 'HH:mm'), dayjs('18:00', 'HH:mm')] },
    );
  }, [open, schedule, form]);
  const submit = async () => {
    const v = form.getFieldsValue();
    const values = {
      name: v.name ?? '',
      startTime: v.hours?.[0]?.format('HH:mm') ?? '',
      endTime: v.hours?.[1]?.format('HH:mm') ?? '',
      startDate: v.dates?.[0]?.format('YYYY-MM-DD') ?? null,
      endDate: v.dates?.[1]?.format('YYYY-MM-DD') ?? null,
      weekdays: v.weekdays ?? [],
      userGroupId: v.userGroupId ?? null,
      placeId: v.placeId ?? null,
    };
    const parsed = scheduleFieldsSchema.safeParse(values);
    if (!parsed.success) {
      // Times and dates sit in range pickers: their issues go to the picker.
      const field: Record<string, string> = {
        startTime: 'hours',
        endTime: 'hours',
        startDate: 'dates',
        endDate: 'dates',
      };
      const errors = new Map<string, string[]>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'name');
        const name = field[key] ?? key;
        const text = t(
          (issue.message.startsWith('validation.')
            ? issue.message
            : 'validation.required') as 'validation.required',
        );
        errors.set(name, [...new Set([...(errors.get(name) ?? []), text])]);
      }
      form.setFields([...errors].map(([name, errs]) => ({ name: name as keyof FormValues, errors: errs })));
      return;
    }
    try {
      await save.mutateAsync({ id: schedule?.id ?? 0, ...values });
      void message.success(t('office.common.saved'));
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };
  return (
    <Modal
      open={open}
      title={t(schedule ? 'office.schedules.edit' : 'office.schedules.new')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('office.common.save')}
      cancelText={t('office.common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={620}
    >
      <Form form={form} layout="vertical" data-testid="schedule-form">
        <Form.Item name="name" label={t('office.fields.name')} required>
          <Input data-testid="schedule-name" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="hours"
              label={t('office.schedules.hours')}
              required
              extra={t('office.schedules.hoursHelp')}
            >
              <TimePicker.RangePicker
                format="HH:mm"
                order={false}
                minuteStep={5}
                style={{ width: '100%' }}
                data-testid="schedule-hours"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dates" label={t('office.schedules.dates')}>
              <LazyRangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="weekdays" label={t('office.schedules.weekdays')} required>
          <Checkbox.Group
            options={WEEKDAYS.map((d) => ({ value: d, label: names[d] }))}
            data-testid="schedule-weekdays"
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="userGroupId" label={t('office.users.group')}>
              <Select
                allowClear
                options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
                data-testid="schedule-group"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="placeId" label={t('office.users.location')}>
              <Select
                allowClear
                options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

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
            <Tag
              key={d}
              color={s.weekdays.includes(d) ? 'blue' : undefined}
              style={{ opacity: s.weekdays.includes(d) ? 1 : 0.4, marginInlineEnd: 0 }}
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
      <ScheduleModal schedule={editing} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
