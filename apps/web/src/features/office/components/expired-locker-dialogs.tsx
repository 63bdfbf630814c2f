import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { inRange, NumberInRange } from '@/components/number-in-range';
import { useTranslation } from 'react-i18next';
import type { OfficeLocker } from '@cacifo/contract/schemas/office';
import { errorMessage } from '@/lib/api-client';
import { useReleaseLocker } from '../api/release-locker';

/** The server's limit (extendLockerSchema): a day. */
const EXTEND_MINUTES_MAX = 24 * 60;

/** Extend an expired locker by a number of minutes (the hour choices need no dialog). */
export function ExtendMinutesDialog({
  locker,
  pending,
  onExtend,
  onClose,
}: {
  locker: OfficeLocker | null;
  pending: boolean;
  onExtend: (locker: OfficeLocker, minutes: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [minutes, setMinutes] = useState<number | null>(30);
  return (
    <Modal
      open={!!locker}
      title={t('office.expired.minutes')}
      onCancel={onClose}
      okText={t('office.expired.extend')}
      cancelText={t('office.common.cancel')}
      confirmLoading={pending}
      okButtonProps={{ disabled: !inRange(minutes, 1, EXTEND_MINUTES_MAX) }}
      onOk={() => locker && inRange(minutes, 1, EXTEND_MINUTES_MAX) && onExtend(locker, minutes)}
    >
      <NumberInRange
        min={1}
        max={EXTEND_MINUTES_MAX}
        value={minutes}
        onChange={setMinutes}
        label={t('office.expired.minutes')}
        error={t('validation.extendMinutes')}
        addonAfter="min"
        style={{ width: 200 }}
        data-testid="extend-minutes"
      />
    </Modal>
  );
}

/** Release an expired locker: the admin confirms with their PIN. */
export function ReleaseLockerDialog({
  locker,
  onClose,
}: {
  locker: OfficeLocker | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const release = useReleaseLocker();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);

  const close = () => {
    setPin('');
    setPinError(null);
    onClose();
  };
  const doRelease = async () => {
    if (!locker) return;
    try {
      await release.mutateAsync({ lockerId: locker.id, pin });
      close();
    } catch (e) {
      setPinError(errorMessage(e));
    }
  };

  return (
    <Modal
      open={!!locker}
      title={t('office.expired.releaseTitle', { door: locker?.doorNumber ?? '' })}
      onCancel={close}
      okText={t('office.expired.release')}
      okButtonProps={{ danger: true, disabled: pin.length !== 4 }}
      cancelText={t('office.common.cancel')}
      confirmLoading={release.isPending}
      onOk={() => void doRelease()}
    >
      <p>{t('office.expired.releaseText')}</p>
      <Form.Item
        label={t('office.expired.adminPin')}
        validateStatus={pinError ? 'error' : undefined}
        help={pinError}
      >
        <Input.Password
          maxLength={4}
          inputMode="numeric"
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          style={{ width: 160 }}
        />
      </Form.Item>
    </Modal>
  );
}
