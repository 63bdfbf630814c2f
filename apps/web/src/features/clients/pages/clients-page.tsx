import { useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Client } from '@cacifo/contract/schemas/clients';
import { PageHeader } from '@/components/page-header';
import { useClients } from '../api/clients';
import { ClientFormModal } from '../components/client-form-modal';
import { ClientsTable } from '../components/clients-table';
import { GrantsModal } from '../components/grants-modal';
import { RecipientDataCard } from '../components/recipient-data-card';

/** Administration > Clients (issue #31, ADR 0190): create, rename, disable, retention, locations. */
export default function ClientsPage() {
  const { t } = useTranslation();
  const clients = useClients();
  const [editing, setEditing] = useState<Client | null | 'new'>(null);
  const [granting, setGranting] = useState<Client | null>(null);

  return (
    <>
      <PageHeader routeId="clients" />
      <Card
        title={t('clients.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('clients.new')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('clients.intro')}</Typography.Paragraph>
        <ClientsTable
          clients={clients.data?.clients ?? []}
          loading={clients.isFetching}
          onEdit={setEditing}
          onGrants={setGranting}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        <RecipientDataCard />
      </div>
      <ClientFormModal
        open={editing !== null}
        client={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <GrantsModal client={granting} onClose={() => setGranting(null)} />
    </>
  );
}
