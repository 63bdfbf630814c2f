import {
  Button,
  Form,
  InputNumber,
  Select,
  Space,
  type FormInstance,
  type FormListFieldData,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCATION_TYPE } from '@cacifo/contract/schemas/messages';

/**
 * The pickup rules table's columns, one row per location type; given the row's remover, as the
 * rows are a Form.List's. The "*" row (every other type) has no type choice and no remove button.
 */
export function usePickupRuleColumns(form: FormInstance, types: string[]) {
  const { t } = useTranslation();
  const typeLabel = (type: string) => (type === DEFAULT_LOCATION_TYPE ? t('admins.pickup.everyOther') : type);
  /** Each field's name says its column and its row (a table cell has no label of its own). */
  const named = (column: string, row: number) =>
    `${column}: ${typeLabel(String(form.getFieldValue(['rules', row, 'locationType']) ?? ''))}`;
  const hours = (f: FormListFieldData, field: string, title: string, min: number) => (
    <Form.Item name={[f.name, field]} style={{ margin: 0 }}>
      <InputNumber min={min} addonAfter="h" style={{ width: 120 }} aria-label={named(title, f.name)} />
    </Form.Item>
  );
  return (remove: (index: number) => void): TableColumnsType<FormListFieldData> => [
    {
      title: t('admins.pickup.locationType'),
      key: 'type',
      render: (_: unknown, f) => {
        const type = form.getFieldValue(['rules', f.name, 'locationType']) as string | undefined;
        return type === DEFAULT_LOCATION_TYPE ? (
          <strong>{typeLabel(type)}</strong>
        ) : (
          <Form.Item name={[f.name, 'locationType']} noStyle={false} style={{ margin: 0 }}>
            <Select
              aria-label={named(t('admins.pickup.locationType'), f.name)}
              showSearch
              style={{ minWidth: 160 }}
              options={types.map((x) => ({ value: x, label: x }))}
            />
          </Form.Item>
        );
      },
    },
    {
      title: t('admins.pickup.pickupHours'),
      key: 'window',
      render: (_: unknown, f) => hours(f, 'pickupHours', t('admins.pickup.pickupHours'), 1),
    },
    {
      title: t('admins.pickup.reminderHours'),
      key: 'reminders',
      render: (_: unknown, f) => (
        <ReminderHours field={f} label={named(t('admins.pickup.reminderHours'), f.name)} />
      ),
    },
    {
      title: t('admins.pickup.lastDayHours'),
      key: 'lastDay',
      render: (_: unknown, f) => hours(f, 'lastDayHours', t('admins.pickup.lastDayHours'), 0),
    },
    {
      key: 'remove',
      render: (_: unknown, f) =>
        form.getFieldValue(['rules', f.name, 'locationType']) === DEFAULT_LOCATION_TYPE ? null : (
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('admins.pickup.remove')}
            onClick={() => remove(f.name)}
          />
        ),
    },
  ];
}

/** A rule's reminders: up to five, each hours after the deposit. */
function ReminderHours({ field, label }: { field: FormListFieldData; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={[field.name, 'reminderHours']}>
      {(reminders, r) => (
        <Space wrap size={4}>
          {reminders.map((x) => (
            <Space.Compact key={x.key}>
              <Form.Item name={x.name} style={{ margin: 0 }}>
                <InputNumber min={1} addonAfter="h" style={{ width: 110 }} aria-label={label} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('admins.pickup.removeReminder')}
                onClick={() => r.remove(x.name)}
              />
            </Space.Compact>
          ))}
          {reminders.length < 5 && (
            <Button
              icon={<PlusOutlined />}
              aria-label={t('admins.pickup.addReminder')}
              onClick={() => r.add(24)}
            />
          )}
        </Space>
      )}
    </Form.List>
  );
}
