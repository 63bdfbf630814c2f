import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Input,
  Modal,
  Popconfirm,
  Space,
  Typography,
} from 'antd';
import { DeleteOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useQrState, useRefreshQr, useResetData } from '../api/tools';

/** Refresh QR (confirmation, log 24) and delete all user data (PIN and confirmation, log 23). */
export function DangerToolsCard() {
  const { t, i18n } = useTranslation();
  const qr = useQrState();
  const refresh = useRefreshQr();
  const reset = useResetData();
  const [resetOpen, setResetOpen] = useState(false);
  const [pin, setPin] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [pinError, setPinError] = useState<string | null>(null);
  const fmt = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const closeReset = () => {
    setResetOpen(false);
    setPin('');
    setAgreed(false);
    setPinError(null);
  };

  const doReset = async () => {
    if (reset.isPending) return;
    try {
      await reset.mutateAsync(pin);
      closeReset();
    } catch (e) {
      setPinError(e instanceof ApiError && e.code === 'invalidInput' ? t('validation.pin') : errorMessage(e));
      setPin('');
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('admins.tools.qr')}>
        <Typography.Paragraph type="secondary">{t('admins.tools.qrHelp')}</Typography.Paragraph>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'v',
              label: t('admins.tools.qr'),
              children: qr.data ? t('admins.tools.qrVersion', { version: qr.data.version }) : '…',
            },
            {
              key: 'd',
              label: t('admins.tools.qrLast'),
              children: qr.data?.refreshedAt
                ? fmt.format(new Date(qr.data.refreshedAt))
                : t('admins.common.never'),
            },
          ]}
        />
        <Popconfirm
          title={t('admins.tools.confirmQr')}
          okText={t('admins.common.confirm')}
          cancelText={t('admins.common.cancel')}
          onConfirm={() => refresh.mutateAsync().catch(() => undefined)}
        >
          <Button
            icon={<QrcodeOutlined />}
            loading={refresh.isPending}
            style={{ marginTop: 12 }}
            data-testid="refresh-qr"
          >
            {t('admins.tools.refreshQr')}
          </Button>
        </Popconfirm>
      </Card>
      <Card title={t('admins.tools.reset')} className="danger-card">
        <Alert type="warning" showIcon title={t('admins.tools.resetHelp')} style={{ marginBottom: 12 }} />
        <Button danger icon={<DeleteOutlined />} onClick={() => setResetOpen(true)} data-testid="reset-data">
          {t('admins.tools.resetButton')}
        </Button>
      </Card>
      <Modal
        open={resetOpen}
        title={t('admins.tools.resetConfirmTitle')}
        onCancel={closeReset}
        onOk={() => void doReset()}
        okText={t('admins.tools.resetButton')}
        cancelText={t('admins.common.cancel')}
        okButtonProps={{ danger: true, disabled: !agreed || pin.length !== 4 }}
        confirmLoading={reset.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('admins.tools.resetConfirmText')}</Typography.Paragraph>
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} style={{ marginBottom: 12 }}>
          {t('admins.tools.resetConfirmCheck')}
        </Checkbox>
        <Input.Password
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 4))}
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          placeholder={t('admins.fields.pin')}
          status={pinError ? 'error' : undefined}
          style={{ width: 160 }}
          data-testid="reset-pin"
        />
        {pinError && (
          <Typography.Paragraph type="danger" style={{ marginTop: 8 }}>
            {pinError}
          </Typography.Paragraph>
        )}
      </Modal>
    </Space>
  );
}
