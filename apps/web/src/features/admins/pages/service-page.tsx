import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_LANGUAGES,
  saveServiceConfigSchema,
  type ServiceConfig,
} from '@cacifo/contract/schemas/content';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useSaveServiceConfig, useServiceConfig } from '../api/catalog';

const TIMEZONES = [
  'Europe/Lisbon',
  'Atlantic/Azores',
  'Atlantic/Madeira',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/London',
  'UTC',
];

/** /service (hidden): the service's own configuration (docs/adr/0005). */
export default function ServicePage() {
  const { t } = useTranslation();
  const config = useServiceConfig();
  const [form] = Form.useForm<ServiceConfig>();
  // The version read goes back with the save: another admin's save in between is refused (409).
  const { submit, pending } = useFormSubmit(form, useSaveServiceConfig(), {
    schema: saveServiceConfigSchema,
    version: config.data ? { of: 'service', updatedAt: config.data.updatedAt } : undefined,
  });

  useEffect(() => {
    if (config.data)
      form.setFieldsValue({
        ...config.data,
        supportPhone: config.data.supportPhone ?? '',
        supportEmail: config.data.supportEmail ?? '',
      } as ServiceConfig);
  }, [config.data, form]);

  return (
    <>
      <PageHeader routeId="service" />
      <Card style={{ maxWidth: 720 }}>
        <Typography.Paragraph type="secondary">{t('admins.service.help')}</Typography.Paragraph>
        {config.isLoading ? (
          <Skeleton active />
        ) : config.isError ? (
          <Alert type="error" showIcon title={errorMessage(config.error)} />
        ) : (
          <Form
            form={form}
            onValuesChange={recheckOnChange(form)}
            layout="vertical"
            requiredMark={false}
            onFinish={() => void submit()}
          >
            <Form.Item name="operatorName" label={t('admins.service.operatorName')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="supportPhone" label={t('admins.service.supportPhone')}>
              <Input maxLength={16} placeholder="+351…" />
            </Form.Item>
            <Form.Item name="supportEmail" label={t('admins.service.supportEmail')}>
              <Input type="email" />
            </Form.Item>
            <Form.Item name="defaultLanguage" label={t('admins.service.defaultLanguage')}>
              <Select
                options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`admins.languages.${l}`) }))}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item
              name="smsSender"
              label={t('admins.service.smsSender')}
              extra={t('admins.service.smsSenderHelp')}
            >
              <Input maxLength={11} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="timezone" label={t('admins.service.timezone')}>
              <Select options={TIMEZONES.map((z) => ({ value: z, label: z }))} style={{ width: 220 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={pending}>
              {t('admins.common.save')}
            </Button>
          </Form>
        )}
      </Card>
    </>
  );
}
