import { Alert, Button, Descriptions, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { lockerSize, type LockerSize } from '@cacifo/contract/codes/locker';
import { errorMessage } from '@/lib/api-client';
import { useDeposit, type DepositController, type DepositProps } from './use-deposit';

/**
 * The deposit dialog (SPEC §2): the order's package id, phone and reference; delivery places with
 * their sizes and free counts; request or change a locker; confirm and open the door.
 */
export function DepositDialog(props: DepositProps) {
  const { t } = useTranslation();
  const { open, onClose } = props;
  const d = useDeposit(props);
  const { current, stage, locker } = d;

  return (
    <Modal
      open={open}
      title={t('orders.deposit.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        d.depositable
          ? [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
              <Button
                key="request"
                onClick={d.request}
                loading={d.requesting}
                data-testid="deposit-request"
                disabled={d.storing || d.requesting}
              >
                {locker ? t('orders.deposit.changeLocker') : t('orders.deposit.requestLocker')}
              </Button>,
              <Button
                key="open"
                type="primary"
                disabled={!d.mayOpen || d.requesting || d.storing}
                loading={d.storing}
                onClick={d.confirm}
                data-testid="deposit-confirm"
              >
                {t('orders.deposit.confirmOpen')}
              </Button>,
            ]
          : [
              <Button key="close" type="primary" onClick={onClose} data-testid="deposit-close">
                {t('common.close')}
              </Button>,
            ]
      }
    >
      <div data-testid="deposit-dialog">
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('orders.fields.packageId')}>{current.packageId}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.recipientPhone')}>
            {current.recipientPhone}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.recipientNumber')}>
            {current.recipientNumber || '—'}
          </Descriptions.Item>
        </Descriptions>
        {!d.depositable && (
          <Alert
            type={stage === 'canceled' ? 'warning' : 'info'}
            showIcon
            title={t(`orderStage.${stage}`)}
            description={
              locker
                ? t('orders.deposit.assigned', {
                    door: locker.doorNumber,
                    size: locker.size,
                    place: locker.locationName,
                  })
                : undefined
            }
            data-testid="deposit-not-depositable"
          />
        )}
        {d.depositable && <DepositPlaces d={d} />}
      </div>
    </Modal>
  );
}

/** The delivery places, the chosen place's sizes with their free counts, and the locker asked for. */
function DepositPlaces({ d }: { d: DepositController }) {
  const { t } = useTranslation();
  const { places, place, locker } = d;
  return (
    <>
      <Typography.Title level={5}>{t('orders.deposit.places')}</Typography.Title>
      {places.isLoading && <Spin />}
      {places.isError && <Alert type="error" showIcon title={errorMessage(places.error)} />}
      {places.data?.length === 0 && <Empty description={t('orders.deposit.noPlaces')} />}
      <Radio.Group
        value={d.placeId}
        onChange={(e) => d.setPlaceId(e.target.value as number)}
        style={{ width: '100%' }}
        data-testid="deposit-places"
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          {places.data?.map((p) => (
            <Radio key={p.id} value={p.id} data-testid={`deposit-place-${p.id}`}>
              {p.name}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {place && (
        <Radio.Group
          value={d.size}
          onChange={(e) => d.setSize(e.target.value as LockerSize)}
          optionType="button"
          buttonStyle="solid"
          style={{ marginTop: 12 }}
          data-testid="deposit-sizes"
        >
          {lockerSize.values.map((s) => (
            <Radio.Button key={s} value={s}>
              <span data-testid={`deposit-size-${s}`}>
                {s} · {t('orders.deposit.available', { count: place.availableLockers[s] })}
              </span>
            </Radio.Button>
          ))}
        </Radio.Group>
      )}
      {d.noneFree && (
        <Alert style={{ marginTop: 12 }} type="warning" showIcon title={t('orders.deposit.noneAvailable')} />
      )}
      {locker && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          data-testid="deposit-assigned"
          title={t('orders.deposit.assigned', {
            door: locker.doorNumber,
            size: locker.size,
            place: locker.locationName,
          })}
        />
      )}
    </>
  );
}
