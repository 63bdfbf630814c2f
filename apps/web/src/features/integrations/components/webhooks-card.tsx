import { useState } from 'react';
import { Alert, Button, Card, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookCreated } from '@cacifo/contract/schemas/webhooks';
import { useWebhooks } from '../api/webhooks';
import { DeliveriesDrawer } from './deliveries-drawer';
import { SecretModal } from './secret-modal';
import { useWebhookColumns } from './webhook-columns';
import { WebhookFormModal } from './webhook-form-modal';

/** The webhooks card's controller: the page read, the dialogs open, the endpoints the sender gave up on. */
function useWebhooksCard() {
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<WebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const hooks = useWebhooks({ max_results: page.size, offset: (page.current - 1) * page.size });
  const disabled = (hooks.data?.webhooks ?? []).filter((h) => h.status === 'disabled');
  return { page, setPage, creating, setCreating, secret, setSecret, logOf, setLogOf, hooks, disabled };
}

/** Partners' webhook endpoints: status, events, delivery log; admins add, re-enable and remove them. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const { page, setPage, creating, setCreating, secret, setSecret, logOf, setLogOf, hooks, disabled } =
    useWebhooksCard();
  const columns = useWebhookColumns({ setLogOf });

  return (
    <Card
      title={t('integrations.hooks.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('integrations.hooks.new')}
        </Button>
      }
    >
      {disabled.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="webhooks-disabled-alert"
          message={t('integrations.hooks.disabledAlert', { count: disabled.length })}
        />
      )}
      <Typography.Paragraph type="secondary">{t('integrations.hooks.intro')}</Typography.Paragraph>
      <Table<Webhook>
        rowKey="id"
        size="middle"
        data-testid="webhooks-table"
        loading={hooks.isFetching && !hooks.data}
        dataSource={hooks.data?.webhooks ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('integrations.hooks.empty') }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: hooks.data?.total ?? 0,
          onChange: (current, size) => setPage({ current, size }),
          showTotal: (total) => t('integrations.common.total', { count: total }),
        }}
        columns={columns}
      />
      <WebhookFormModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(h) => {
          setCreating(false);
          setSecret(h);
        }}
      />
      <SecretModal
        secret={secret?.secret ?? null}
        title={t('integrations.secret.hookTitle')}
        onClose={() => setSecret(null)}
      />
      <DeliveriesDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </Card>
  );
}
