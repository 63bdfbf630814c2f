import { useEffect } from 'react';
import { Button, Card, Form, InputNumber, Select, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCATION_TYPE } from '@cacifo/contract/schemas/messages';
import { messageSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { usePickupSettings, useSavePickupSettings } from '../api/messages';

/**
 * Per location type (a place's system type; "*" for every other): how long a parcel waits for its
 * recipient, when reminders go (hours after the deposit), and the last-day warning (hours before
 * the end). At the end the parcel expires and joins the return list.
 */
export function PickupSettingsCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const settings = usePickupSettings();
  const save = useSavePickupSettings();
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ rules: settings.data.rules });
  }, [settings.data, form]);
  const { submit, pending } = useFormSubmit(form, save, {
    schema: async () => (await messageSchemas()).pickupSettingsSchema,
    // The version of the rules read goes back with the save (another admin's save: 409).
    version: settings.data ? { of: 'pickupRules', updatedAt: settings.data.updatedAt } : undefined,
  });
  const typeLabel = (type: string) => (type === DEFAULT_LOCATION_TYPE ? t('admins.pickup.everyOther') : type);
  /** Each field's name says its column and its row (a table cell has no label of its own). */
  const named = (column: string, row: number) =>
    `${column}: ${typeLabel(String(form.getFieldValue(['rules', row, 'locationType']) ?? ''))}`;
  const types = settings.data?.locationTypes ?? [];

  return (
    <Card title={t('admins.pickup.title')} loading={settings.isLoading} data-testid="pickup-settings">
      <Typography.Paragraph type="secondary">{t('admins.pickup.help')}</Typography.Paragraph>
      <Form form={form} onValuesChange={recheckOnChange(form)} onFinish={() => void submit()}>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={fields}
                scroll={{ x: true }}
                columns={[
                  {
                    title: t('admins.pickup.locationType'),
                    key: 'type',
                    render: (_: unknown, f) => {
                      const type = form.getFieldValue(['rules', f.name, 'locationType']) as
                        string | undefined;
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
                    render: (_: unknown, f) => (
                      <Form.Item name={[f.name, 'pickupHours']} style={{ margin: 0 }}>
                        <InputNumber
                          min={1}
                          addonAfter="h"
                          style={{ width: 120 }}
                          aria-label={named(t('admins.pickup.pickupHours'), f.name)}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('admins.pickup.reminderHours'),
                    key: 'reminders',
                    render: (_: unknown, f) => (
                      <Form.List name={[f.name, 'reminderHours']}>
                        {(reminders, r) => (
                          <Space wrap size={4}>
                            {reminders.map((x) => (
                              <Space.Compact key={x.key}>
                                <Form.Item name={x.name} style={{ margin: 0 }}>
                                  <InputNumber
                                    min={1}
                                    addonAfter="h"
                                    style={{ width: 110 }}
                                    aria-label={named(t('admins.pickup.reminderHours'), f.name)}
                                  />
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
                    ),
                  },
                  {
                    title: t('admins.pickup.lastDayHours'),
                    key: 'lastDay',
                    render: (_: unknown, f) => (
                      <Form.Item name={[f.name, 'lastDayHours']} style={{ margin: 0 }}>
                        <InputNumber
                          min={0}
                          addonAfter="h"
                          style={{ width: 120 }}
                          aria-label={named(t('admins.pickup.lastDayHours'), f.name)}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'remove',
                    render: (_: unknown, f) =>
                      form.getFieldValue(['rules', f.name, 'locationType']) ===
                      DEFAULT_LOCATION_TYPE ? null : (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('admins.pickup.remove')}
                          onClick={() => remove(f.name)}
                        />
                      ),
                  },
                ]}
              />
              <Space style={{ marginTop: 12 }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({ locationType: undefined, pickupHours: 72, reminderHours: [48], lastDayHours: 24 })
                  }
                >
                  {t('admins.pickup.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={pending}>
                  {t('admins.pickup.save')}
                </Button>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
