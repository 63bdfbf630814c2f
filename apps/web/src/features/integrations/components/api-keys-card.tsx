import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiScope } from '@cacifo/contract/codes/partner';
import type { ApiKey, ApiKeyCreated } from '@cacifo/contract/schemas/api-keys';
import { ClientFilter } from '@/components/list/client-filter';
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { ApiKeyFormModal } from './api-key-form-modal';
import { dateTimeFormatter } from './format';
import { SecretModal } from './secret-modal';

/** The partner API keys: list, new key, rotate and revoke; a new secret is shown once. */
export function ApiKeysCard() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [revoked, setRevoked] = useState(false);
  const [company, setCompany] = useState<string | undefined>(undefined);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<ApiKeyCreated | null>(null);
  const keys = useApiKeys({
    max_results: page.size,
    offset: (page.current - 1) * page.size,
    revoked: revoked ? 'true' : 'false',
    company,
  });
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const date = dateTimeFormatter(i18n.language);

  return (
    <Card
      title={t('integrations.keys.title')}
      extra={
        <Space wrap>
          <ClientFilter
            by="name"
            value={company}
            onChange={(c) => {
              setCompany(c);
              setPage((p) => ({ ...p, current: 1 }));
            }}
            testId="api-keys-filter-client"
          />
          <Space size={6}>
            <Switch
              size="small"
              checked={revoked}
              onChange={(v) => {
                setRevoked(v);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              aria-label={t('integrations.keys.showRevoked')}
            />
            <span>{t('integrations.keys.showRevoked')}</span>
          </Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('integrations.keys.new')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('integrations.keys.intro')}</Typography.Paragraph>
      <Table<ApiKey>
        rowKey="id"
        size="middle"
        data-testid="api-keys-table"
        loading={keys.isFetching}
        dataSource={keys.data?.keys ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('integrations.keys.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: keys.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('integrations.common.total', { count: total }),
        }}
        columns={[
          {
            title: t('integrations.keys.name'),
            dataIndex: 'name',
            render: (name: string, k) => (
              <Space size={4} wrap>
                <span>{name}</span>
                {k.revokedAt && <Tag color="red">{t('integrations.keys.revoked')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('integrations.keys.prefix'),
            dataIndex: 'prefix',
            render: (p: string) => (
              <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                {p}…
              </Typography.Text>
            ),
          },
          {
            title: t('integrations.keys.scopes'),
            dataIndex: 'scopes',
            render: (scopes: ApiKey['scopes']) => (
              <Space size={[4, 4]} wrap>
                {scopes.map((s) => (
                  <Tooltip key={s} title={t(apiScope.labelKey(s) as 'apiScope.ORDERS_READ')}>
                    <Tag>{s}</Tag>
                  </Tooltip>
                ))}
              </Space>
            ),
          },
          {
            title: t('integrations.keys.company'),
            dataIndex: 'companyId',
          },
          { title: t('integrations.keys.created'), dataIndex: 'createdAt', render: date, width: 140 },
          { title: t('integrations.keys.createdBy'), dataIndex: 'createdBy' },
          { title: t('integrations.keys.lastUsed'), dataIndex: 'lastUsedAt', render: date, width: 140 },
          {
            title: t('integrations.common.actions'),
            key: 'actions',
            width: 110,
            render: (_, k) =>
              k.revokedAt ? null : (
                <Space>
                  <Popconfirm
                    title={t('integrations.keys.rotateConfirm')}
                    okText={t('integrations.keys.rotate')}
                    cancelText={t('integrations.common.cancel')}
                    okButtonProps={{ loading: rotate.isPending }}
                    onConfirm={() =>
                      // A failure is said by the mutation's meta (docs/adr/0060).
                      rotate.mutateAsync(k.id).then(setSecret, () => undefined)
                    }
                  >
                    <Tooltip title={t('integrations.keys.rotate')}>
                      <Button
                        size="small"
                        icon={<SyncOutlined />}
                        aria-label={t('integrations.keys.rotate')}
                      />
                    </Tooltip>
                  </Popconfirm>
                  <Popconfirm
                    title={t('integrations.keys.revokeConfirm')}
                    okText={t('integrations.keys.revoke')}
                    okButtonProps={{ danger: true, loading: revoke.isPending }}
                    cancelText={t('integrations.common.cancel')}
                    onConfirm={() =>
                      revoke.mutateAsync(k.id).then(
                        () => undefined,
                        () => undefined,
                      )
                    }
                  >
                    <Tooltip title={t('integrations.keys.revoke')}>
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('integrations.keys.revoke')}
                      />
                    </Tooltip>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <ApiKeyFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(k) => {
          setCreating(false);
          setSecret(k);
        }}
      />
      <SecretModal
        secret={secret?.key ?? null}
        title={t('integrations.secret.keyTitle', { name: secret?.name ?? '' })}
        onClose={() => setSecret(null)}
      />
    </Card>
  );
}
