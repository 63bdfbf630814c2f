import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertLocker } from '@cacifo/contract/schemas/locations';
import { useAcknowledgeAlert } from '../api/alert-actions';

/** The acknowledgement of a door alert, with an optional note; a failed one keeps the dialog. */
export function AcknowledgeAlertModal({
  acking,
  onClose,
}: {
  acking: AlertLocker | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeAlert();
  const [note, setNote] = useState('');
  // Success and failure are said by the mutations' meta.
  const submitAck = () => {
    if (!acking) return;
    acknowledge.mutate(
      { lockerId: acking.id, note: note.trim() },
      {
        onSuccess: () => {
          onClose();
          setNote('');
        },
      },
    );
  };
  return (
    <Modal
      open={acking !== null}
      title={t('alerts.actions.ackTitle', {
        door: acking?.doorNumber ?? '',
        place: acking?.place_name ?? '',
      })}
      okText={t('alerts.actions.acknowledge')}
      cancelText={t('alerts.actions.cancel')}
      confirmLoading={acknowledge.isPending}
      onOk={submitAck}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('alerts.actions.ackHelp')}</Typography.Paragraph>
      <Input.TextArea
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={500}
        showCount
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder={t('alerts.actions.note')}
        aria-label={t('alerts.actions.note')}
        data-testid="ack-note"
      />
    </Modal>
  );
}
