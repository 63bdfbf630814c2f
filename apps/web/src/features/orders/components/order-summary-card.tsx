import { Button, Card, Descriptions, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderAllows, orderStage, orderState } from '@cacifo/contract/codes/order';
import { deliveryType } from '@cacifo/contract/codes/locker';
import type { Order } from '@cacifo/contract/schemas/orders';
import { pathTo } from '@cacifo/contract/route-paths';
import { DeleteButton } from '@/components/list/delete-button';
import { useDeleteOrder } from '../api/order-actions';
import { PrintButtons } from './print-buttons';
import { OrderStateTag, WaitingChip } from './order-state-tag';
import { formatDateTime } from './format';

interface Props {
  order: Order;
  onDeposit: () => void;
  onEdit: () => void;
}

/** The order's fields, with print, deposit, edit and delete as its state allows. */
export function OrderSummaryCard({ order, onDeposit, onEdit }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOrder();
  const locker = order.assignedLocker;
  const stage = orderStage(order.state);
  const can = (a: Parameters<typeof orderAllows>[0]) =>
    orderAllows(a, { state: order.state, hasLocker: locker !== null });
  const mayDeposit = can('openForDeposit') || can('assignLocker');

  return (
    <Card
      title={t('orders.detail.title', { packageId: order.packageId })}
      extra={
        <Space wrap>
          <PrintButtons orderId={order.id} slip={stage === 'inLocker'} />
          {mayDeposit && (
            <Button type="primary" onClick={onDeposit} data-testid="order-deposit">
              {t('orders.detail.deposit')}
            </Button>
          )}
          {can('update') && (
            <Button onClick={onEdit} data-testid="order-edit">
              {t('orders.detail.edit')}
            </Button>
          )}
          {can('update') && (
            <DeleteButton
              name={order.packageId}
              showLabel
              onDelete={() => remove.mutateAsync(order.packageId).then(() => void navigate(pathTo('orders')))}
              pending={remove.isPending}
              testId="order-delete"
            />
          )}
        </Space>
      }
    >
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
        <Descriptions.Item label={t('orders.fields.state')}>
          <Space size={4}>
            <OrderStateTag state={order.state} />
            {order.state === orderState.codes.STORED_IN_LOCKER && <WaitingChip storedAt={order.storedAt} />}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.packageId')}>{order.packageId}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.recipientPhone')}>
          {order.recipientPhone}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.recipientNumber')}>
          {order.recipientNumber || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.recipientEmail')}>
          {order.recipientEmail || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.recipientName')}>{order.recipientName}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.deliveryType')}>
          {deliveryType.has(order.deliveryType)
            ? t(deliveryType.labelKey(order.deliveryType))
            : order.deliveryType}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.locker')}>
          {locker
            ? `${locker.locationName} · ${t('orders.fields.door', { door: locker.doorNumber })} · ${locker.size}`
            : t('orders.detail.noLocker')}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.company')}>{order.company ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.createdAt')}>
          {formatDateTime(order.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.createdBy')}>{order.createdBy}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.storedAt')}>
          {formatDateTime(order.storedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.pickUpAt')}>
          {formatDateTime(order.pickUpAt)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
