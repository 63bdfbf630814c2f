import { Button, Card, Form, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { recheckOnChange } from '@/lib/zod-form';
import { usePickupRuleColumns } from './pickup-rule-columns';
import { usePickupSettingsCard } from './use-pickup-settings-card';

/**
 * Per location type (a place's system type; "*" for every other): how long a parcel waits for its
 * recipient, when reminders go (hours after the deposit), and the last-day warning (hours before
 * the end). At the end the parcel expires and joins the return list.
 */
export function PickupSettingsCard() {
  const { t } = useTranslation();
  const { form, settings, submit, pending, types } = usePickupSettingsCard();
  const columns = usePickupRuleColumns(form, types);

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
                columns={columns(remove)}
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
