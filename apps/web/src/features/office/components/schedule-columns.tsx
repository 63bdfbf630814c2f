import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Schedule } from '@cacifo/contract/schemas/office';
import { WEEKDAYS } from '@cacifo/contract/codes/office';
import { EditDeleteActions } from '@/components/list/edit-delete-actions';
import type { ListColumn } from '@/components/list/list-table';
import { useDeleteSchedule } from '../api/delete-schedule';
import { hoursLabel, weekdayNames } from './weekdays';

/** The schedule list's columns: name, hours, weekdays, dates, group, place, users, and edit/delete for a manager. */
export function useScheduleColumns(
  canManage: boolean,
  onEdit: (s: Schedule) => void,
): ListColumn<Schedule>[] {
  const { t, i18n } = useTranslation();
  const remove = useDeleteSchedule();
  const names = weekdayNames(i18n.language);
  return [
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
              <EditDeleteActions
                editLabel={t('office.schedules.edit')}
                onEdit={() => onEdit(s)}
                name={s.name}
                onDelete={() => remove.mutateAsync(s.id)}
                pending={remove.isPending && remove.variables === s.id}
                deleteTestId={`schedule-delete-${s.id}`}
              />
            ),
          },
        ]
      : []),
  ];
}
