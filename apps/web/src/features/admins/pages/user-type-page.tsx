import { Button, Card, Form, Input, InputNumber, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserTypeConfig } from '@cacifo/contract/schemas/content';
import { userType } from '@cacifo/contract/codes/office';
import { PageHeader } from '@/components/page-header';
import { contentSchemas } from '@/lib/contract-schemas';
import { useFormSubmit } from '@/lib/form-submit';
import { recheckOnChange } from '@/lib/zod-form';
import { useSaveUserType, useUserTypes } from '../api/catalog';

function UserTypeRow({ type }: { type: UserTypeConfig }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; defaultValidDays: number | null }>();
  const { submit, pending } = useFormSubmit(form, useSaveUserType(), {
    schema: async () => (await contentSchemas()).userTypeConfigSchema,
    values: (v) => ({ ...v, defaultValidDays: v.defaultValidDays ?? null }),
    variables: (body) => ({
      code: type.code,
      name: body.name,
      defaultValidDays: body.defaultValidDays,
      updatedAt: type.updatedAt,
    }),
    // Null until the type is first saved: then the server takes it only if nobody saved it first.
    version: { of: type.code, updatedAt: type.updatedAt },
  });
  return (
    <Form
      form={form}
      onValuesChange={recheckOnChange(form)}
      layout="inline"
      initialValues={{ name: type.name, defaultValidDays: type.defaultValidDays }}
      onFinish={() => void submit()}
    >
      <Form.Item name="name" label={t('admins.fields.name')}>
        <Input maxLength={100} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="defaultValidDays" label={t('admins.userTypes.validity')}>
        <InputNumber
          placeholder={t('admins.userTypes.noLimit')}
          suffix={t('admins.userTypes.days')}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {t('admins.common.save')}
      </Button>
    </Form>
  );
}

/** /user-type (hidden): label and default validity of each office user type (docs/adr/0005). */
export default function UserTypePage() {
  const { t } = useTranslation();
  const types = useUserTypes();
  return (
    <>
      <PageHeader routeId="userType" />
      <Card>
        <Typography.Paragraph type="secondary">{t('admins.userTypes.help')}</Typography.Paragraph>
        {types.isLoading ? (
          <Skeleton active />
        ) : (
          <Table<UserTypeConfig>
            rowKey="code"
            pagination={false}
            dataSource={types.data ?? []}
            columns={[
              {
                title: t('admins.userTypes.code'),
                dataIndex: 'code',
                width: 160,
                render: (code: string) => (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>
                      {userType.has(code) ? t(userType.labelKey(code)) : code}
                    </Typography.Text>
                    <Typography.Text type="secondary" code>
                      {code}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: '',
                key: 'form',
                render: (_, type) => <UserTypeRow key={type.updatedAt ?? type.code} type={type} />,
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
