import { useEffect } from 'react';
import { Checkbox, Col, Form, Input, Modal, Row, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '@/lib/form-submit';
import { scheduleFieldsSchema, type Schedule } from '@cacifo/contract/schemas/office';
import { WEEKDAYS } from '@cacifo/contract/codes/office';
import { LazyRangePicker } from '@/components/lazy-range-picker';
import { usePlaces } from '@/lib/queries/locations';
import { useUserGroups } from '../api/get-user-groups';
import { useSaveSchedule } from '../api/save-schedule';
import { weekdayNames } from './weekdays';
import { recheckOnChange } from '@/lib/zod-form';
import { runtimeKey } from '@/lib/i18n-keys';

interface FormValues {
  name?: string;
  hours?: [Dayjs, Dayjs] | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  weekdays?: number[];
  userGroupId?: number | null;
  placeId?: number | null;
}

/** The form's values for a schedule (a new one: weekdays 08:00-18:00). */
function formValuesOf(s: Schedule | null): FormValues {
  if (!s) return { weekdays: [1, 2, 3, 4, 5], hours: [dayjs('08:00', 'HH:mm'), dayjs('18:00', 'HH:mm')] };
  return {
    name: s.name,
    hours: [dayjs(s.startTime, 'HH:mm'), dayjs(s.endTime, 'HH:mm')],
    dates:
      s.startDate || s.endDate
        ? [s.startDate ? dayjs(s.startDate) : null, s.endDate ? dayjs(s.endDate) : null]
        : null,
    weekdays: [...s.weekdays],
    userGroupId: s.userGroupId,
    placeId: s.placeId,
  };
}

/** What the form holds, as the schedule's fields (before the schema checks them). */
function scheduleValuesOf(v: FormValues) {
  return {
    name: v.name ?? '',
    startTime: v.hours?.[0]?.format('HH:mm') ?? '',
    endTime: v.hours?.[1]?.format('HH:mm') ?? '',
    startDate: v.dates?.[0]?.format('YYYY-MM-DD') ?? null,
    endDate: v.dates?.[1]?.format('YYYY-MM-DD') ?? null,
    weekdays: v.weekdays ?? [],
    userGroupId: v.userGroupId ?? null,
    placeId: v.placeId ?? null,
  };
}

/** Create or edit one schedule; its own chunk (antd Form, time pickers, zod), loaded after the list. */
export function ScheduleModal({
  schedule,
  open,
  onClose,
}: {
  schedule: Schedule | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSchedule();
  const groups = useUserGroups();
  const places = usePlaces({ type: 'OFFICE' });
  const names = weekdayNames(i18n.language);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(formValuesOf(schedule));
  }, [open, schedule, form]);
  const submit = async () => {
    const values = scheduleValuesOf(form.getFieldsValue());
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
          issue.message.startsWith('validation.') ? runtimeKey(issue.message) : 'validation.required',
        );
        errors.set(name, [...new Set([...(errors.get(name) ?? []), text])]);
      }
      form.setFields([...errors].map(([name, errs]) => ({ name: name as keyof FormValues, errors: errs })));
      return;
    }
    try {
      await save.mutateAsync({
        id: schedule?.id ?? 0,
        ...values,
        ...(schedule ? { updatedAt: schedule.updatedAt } : {}),
      });
      onClose();
    } catch {
      // Said by the mutation's meta (docs/adr/0060); the dialog stays open to correct.
    }
  };
  // One submission at a time: a second click while it validates or saves does nothing.
  const flight = useSingleFlight(submit);
  return (
    <Modal
      open={open}
      title={t(schedule ? 'office.schedules.edit' : 'office.schedules.new')}
      onCancel={onClose}
      onOk={() => void flight.run()}
      okText={t('office.common.save')}
      cancelText={t('office.common.cancel')}
      confirmLoading={flight.pending}
      destroyOnHidden
      width={620}
    >
      <Form form={form} onValuesChange={recheckOnChange(form)} layout="vertical" data-testid="schedule-form">
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
