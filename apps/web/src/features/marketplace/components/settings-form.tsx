import { useEffect } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MarketplaceSettingsReply } from '@cacifo/contract/schemas/marketplace';
import { marketplaceSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { useMarketplaceSettings, useSaveSettings } from '../api/settings';
import { euros, toCents } from './money';
import { recheckOnChange } from '@/lib/zod-form';

type Values = Omit<
  MarketplaceSettingsReply,
  'captiveDepositCents' | 'webhookSecret' | 'highestActivePriceCents'
> & {
  captiveEuros: number;
};

/** The marketplace settings form; the server decides (safe time 'Incorrect Value', deposit floor). */
export function SettingsForm({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const settings = useMarketplaceSettings();
  const data = settings.data;
  const { submit, pending } = useFormSubmit(form, useSaveSettings(), {
    schema: async () => (await marketplaceSchemas()).updateMarketplaceSettingsSchema,
    values: (v) => ({
      parkOpening: v.parkOpening,
      parkClosing: v.parkClosing,
      guestOpening: v.guestOpening,
      guestClosing: v.guestClosing,
      safeTimeMinutes: v.safeTimeMinutes,
      pendingMinutes: v.pendingMinutes,
      ivaPercent: v.ivaPercent,
      captiveDepositCents: toCents(v.captiveEuros as number | null | undefined),
      freeMode: !!v.freeMode,
    }),
    rename: { captiveDepositCents: 'captiveEuros' },
    fieldOf: { incorrectValue: 'safeTimeMinutes', captiveBelowPrice: 'captiveEuros' },
    // The version read goes back with the save (another admin's save in between: 409).
    version: data ? { of: 'marketplaceSettings', updatedAt: data.updatedAt } : undefined,
  });

  useEffect(() => {
    if (data) form.setFieldsValue({ ...data, captiveEuros: data.captiveDepositCents / 100 });
  }, [data, form]);

  if (settings.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('marketplace.common.loadError')}
        action={<Button onClick={() => void settings.refetch()}>{t('marketplace.common.retry')}</Button>}
      />
    );
  }

  const hour = (name: keyof Values, label: string) => (
    <Form.Item name={name} label={label}>
      <Input placeholder="HH:MM" maxLength={5} disabled={!mayManage} data-testid={`settings-${name}`} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      onValuesChange={recheckOnChange(form)}
      layout="vertical"
      requiredMark={false}
      disabled={!data}
    >
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={t('marketplace.settings.schedule')} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col span={12}>
                {hour(
                  'parkOpening',
                  `${t('marketplace.settings.park')} · ${t('marketplace.settings.opening')}`,
                )}
              </Col>
              <Col span={12}>
                {hour(
                  'parkClosing',
                  `${t('marketplace.settings.park')} · ${t('marketplace.settings.closing')}`,
                )}
              </Col>
              <Col span={12}>
                {hour(
                  'guestOpening',
                  `${t('marketplace.settings.guest')} · ${t('marketplace.settings.opening')}`,
                )}
              </Col>
              <Col span={12}>
                {hour(
                  'guestClosing',
                  `${t('marketplace.settings.guest')} · ${t('marketplace.settings.closing')}`,
                )}
              </Col>
            </Row>
            <Typography.Text type="secondary">{t('marketplace.settings.allDay')}</Typography.Text>
          </Card>
          <Card title={t('marketplace.settings.times')} size="small" style={{ marginBottom: 16 }}>
            <Form.Item
              name="safeTimeMinutes"
              label={t('marketplace.settings.safeTime')}
              extra={t('marketplace.settings.safeTimeHelp')}
            >
              <InputNumber style={{ width: '100%' }} disabled={!mayManage} data-testid="settings-safeTime" />
            </Form.Item>
            <Form.Item
              name="pendingMinutes"
              label={t('marketplace.settings.pending')}
              extra={t('marketplace.settings.pendingHelp')}
            >
              <InputNumber style={{ width: '100%' }} disabled={!mayManage} data-testid="settings-pending" />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('marketplace.settings.money')} size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="ivaPercent" label={t('marketplace.settings.iva')}>
              <InputNumber style={{ width: '100%' }} disabled={!mayManage} data-testid="settings-iva" />
            </Form.Item>
            <Form.Item
              name="captiveEuros"
              label={t('marketplace.settings.captive')}
              extra={t('marketplace.settings.captiveHelp', {
                price: euros(data?.highestActivePriceCents ?? 0),
              })}
            >
              <InputNumber
                style={{ width: '100%' }}
                precision={2}
                disabled={!mayManage}
                data-testid="settings-captive"
              />
            </Form.Item>
            <Form.Item
              name="freeMode"
              label={t('marketplace.settings.freeMode')}
              extra={t('marketplace.settings.freeModeHelp')}
              valuePropName="checked"
            >
              <Switch disabled={!mayManage} />
            </Form.Item>
          </Card>
          {mayManage && data && (
            <Card title={t('marketplace.settings.webhook')} size="small" style={{ marginBottom: 16 }}>
              <Typography.Paragraph copyable={{ text: data.webhookSecret }} code>
                {`${data.webhookSecret.slice(0, 8)}…`}
              </Typography.Paragraph>
              <Typography.Text type="secondary">{t('marketplace.settings.webhookHelp')}</Typography.Text>
            </Card>
          )}
        </Col>
      </Row>
      {mayManage && (
        <Button type="primary" loading={pending} onClick={() => void submit()} data-testid="settings-save">
          {t('marketplace.common.save')}
        </Button>
      )}
    </Form>
  );
}
