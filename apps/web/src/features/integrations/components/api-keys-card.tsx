import { useState } from 'react';
import { Button, Card, Space, Switch, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyCreated } from '@cacifo/contract/schemas/api-keys';
import { ClientFilter } from '@/components/list/client-filter';
import { useCan } from '@/lib/use-can';
import { useSession } from '@/lib/session';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyFormModal } from './api-key-form-modal';
import { useApiKeyColumns } from './api-key-columns';
import { SecretModal } from './secret-modal';

/**
 * The partner API keys: list, new key, rotate and revoke; a new secret is shown once. The operator
 * sees every client's keys with a client filter; a client's admin (issue #31) its own client's, with
 * no client to choose.
 */
export function ApiKeysCard() {
  const { t } = useTranslation();
  const operator = useCan('companies.all');
  const ownClient = useSession()?.assignedStore ?? '';
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
  const columns = useApiKeyColumns({ showClient: operator, onSecret: setSecret });

  return (
    <Card
      title={t('integrations.keys.title')}
      extra={
        <Space wrap>
          {operator && (
            <ClientFilter
              by="name"
              value={company}
              onChange={(c) => {
                setCompany(c);
                setPage((p) => ({ ...p, current: 1 }));
              }}
              testId="api-keys-filter-client"
            />
          )}
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
        columns={columns}
      />
      <ApiKeyFormModal
        open={creating}
        ownClient={operator ? null : ownClient}
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
