import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The secret of a new or rotated key (or a webhook's signing secret): shown this once, with a copy button. */
export function SecretModal({
  secret,
  title,
  onClose,
}: {
  secret: string | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('integrations.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('integrations.secret.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        code
        copyable={{ tooltips: [t('integrations.secret.copy'), t('integrations.secret.copied')] }}
        data-testid="secret-value"
        style={{ wordBreak: 'break-all' }}
      >
        {secret}
      </Typography.Paragraph>
    </Modal>
  );
}
