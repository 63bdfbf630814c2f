import { useEffect, useState } from 'react';
import { Checkbox, Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Client } from '@cacifo/contract/schemas/clients';
import { ApiError } from '@/lib/api-client';
import { useGrantChoices, useSetGrants } from '../api/clients';

/** The delivery locations granted to a client: its keys list and pre-advise to these only. */
export function GrantsModal({ client, onClose }: { client: Client | null; onClose: () => void }) {
  const { t } = useTranslation();
  const places = useGrantChoices(client !== null);
  const save = useSetGrants();
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen(client?.placeIds ?? []), [client]);

  const submit = async () => {
    if (!client) return;
    try {
      await save.mutateAsync({ id: client.id, body: { placeIds: chosen, updatedAt: client.updatedAt } });
      onClose();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    }
  };

  return (
    <Modal
      open={client !== null}
      title={t('clients.grantsOf', { name: client?.name ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('clients.save')}
      cancelText={t('clients.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('clients.grantsHelp')}</Typography.Paragraph>
      {places.isLoading ? (
        <Spin />
      ) : (places.data ?? []).length === 0 ? (
        <Empty description={t('clients.noPlaces')} />
      ) : (
        <Checkbox.Group
          data-testid="client-grants"
          style={{ display: 'grid', gap: 8 }}
          value={chosen}
          onChange={(v) => setChosen(v)}
          options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      )}
    </Modal>
  );
}
