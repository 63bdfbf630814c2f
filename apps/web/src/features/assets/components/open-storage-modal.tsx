import { useState } from 'react';
import { Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Asset } from '@cacifo/contract/schemas/assets';
import { useSingleFlight } from '@/lib/form-submit';
import { useFreeLockers, usePlaces } from '../api/get-office-refs';
import { useOpenAssetDoor } from '../api/save-asset';

/**
 * Admin opens a locker to store the asset (asset log 11). The location and locker are optional:
 * left empty, the server uses the asset's own locker or the smallest free one that fits.
 */
export function OpenStorageModal({
  asset,
  open,
  onClose,
}: {
  asset: Asset;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [placeId, setPlaceId] = useState<number | undefined>();
  const [lockerId, setLockerId] = useState<number | undefined>();
  const places = usePlaces();
  const lockers = useFreeLockers(placeId);
  const openDoor = useOpenAssetDoor();
  const home = asset.lockers[0];

  // Said by the mutation's meta; one request however fast the clicks.
  const { run: submit, pending } = useSingleFlight(async () => {
    await openDoor.mutateAsync({ assetId: asset.id, purpose: 'storage', placeId, lockerId });
    onClose();
  });

  return (
    <Modal
      open={open}
      title={t('assets.details.openStorage')}
      okText={t('assets.storage.open')}
      cancelText={t('assets.common.cancel')}
      confirmLoading={pending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {home
          ? t('assets.storage.home', { place: home.placeName, door: home.doorNumber })
          : t('assets.storage.auto')}
      </Typography.Paragraph>
      <Form layout="vertical" data-testid="open-storage-form">
        <Form.Item label={t('assets.storage.place')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            value={placeId}
            placeholder={t('assets.storage.anyPlace')}
            aria-label={t('assets.storage.place')}
            loading={places.isLoading}
            onChange={(v?: number) => {
              setPlaceId(v);
              setLockerId(undefined);
            }}
            options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item label={t('assets.storage.locker')}>
          <Select
            allowClear
            // Large locations have hundreds of doors: typing the number beats scrolling the list.
            showSearch
            optionFilterProp="label"
            disabled={placeId === undefined}
            value={lockerId}
            placeholder={t('assets.storage.anyLocker')}
            aria-label={t('assets.storage.locker')}
            loading={lockers.isFetching}
            onChange={(v?: number) => setLockerId(v)}
            options={(lockers.data ?? []).map((l) => ({
              value: l.id,
              label: t('assets.storage.lockerOption', { door: l.doorNumber, size: l.size }),
            }))}
            notFoundContent={t('assets.storage.noFree')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
