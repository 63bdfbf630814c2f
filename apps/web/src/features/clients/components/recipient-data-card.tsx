import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Radio, Space, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RecipientLookup } from '@cacifo/contract/schemas/clients';
import { ApiError } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';
import { useEraseRecipientData, useRecipientData } from '../api/clients';

/** The operator exports or erases one recipient's data by phone or e-mail (issue #31, ADR 0191). */
export function RecipientDataCard() {
  const { t } = useTranslation();
  const [by, setBy] = useState<'phone' | 'email'>('phone');
  const [value, setValue] = useState('');
  const [said, setSaid] = useState('');
  const read = useRecipientData();
  const erase = useEraseRecipientData();
  const lookup = (): RecipientLookup => (by === 'phone' ? { phone: value.trim() } : { email: value.trim() });
  const ignoreRefusal = (e: unknown) => {
    // A refusal is said by the mutation's meta (docs/adr/0060); anything else is a bug.
    if (!(e instanceof ApiError)) throw e;
  };

  const exportData = async () => {
    try {
      const data = await read.mutateAsync(lookup());
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      saveFile(blob, `${t('clients.recipient.file')}.json`);
      setSaid(t('clients.recipient.found', { parcels: data.parcels.length, messages: data.messages.length }));
    } catch (e) {
      ignoreRefusal(e);
    }
  };

  return (
    <Card title={t('clients.recipient.title')} data-testid="recipient-data">
      <Typography.Paragraph type="secondary">{t('clients.recipient.intro')}</Typography.Paragraph>
      <Space wrap>
        <Radio.Group value={by} onChange={(e) => setBy(e.target.value as 'phone' | 'email')}>
          <Radio.Button value="phone">{t('clients.recipient.phone')}</Radio.Button>
          <Radio.Button value="email">{t('clients.recipient.email')}</Radio.Button>
        </Radio.Group>
        <Input
          style={{ width: 260 }}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-label={by === 'phone' ? t('clients.recipient.phone') : t('clients.recipient.email')}
          data-testid="recipient-value"
        />
        <Button
          icon={<DownloadOutlined />}
          loading={read.isPending}
          disabled={!value.trim()}
          onClick={() => void exportData()}
        >
          {t('clients.recipient.export')}
        </Button>
        <Popconfirm
          title={t('clients.recipient.eraseConfirm')}
          okText={t('clients.recipient.erase')}
          okButtonProps={{ danger: true, loading: erase.isPending }}
          cancelText={t('clients.cancel')}
          onConfirm={() => erase.mutateAsync(lookup()).then(() => setSaid(''), ignoreRefusal)}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!value.trim()}>
            {t('clients.recipient.erase')}
          </Button>
        </Popconfirm>
      </Space>
      {said && <Typography.Paragraph style={{ marginTop: 12 }}>{said}</Typography.Paragraph>}
    </Card>
  );
}
