import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Space, Spin, Table, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderAllows, orderStage, orderState, type OrderState } from '@cacifo/contract/codes/order';
import { deliveryType } from '@cacifo/contract/codes/locker';
import type { OrderLog } from '@cacifo/contract/schemas/orders';
import type { AppRouteId } from '@cacifo/contract';
import { PageHeader } from '@/components/page-header';
import { DeleteButton } from '@/components/list/delete-button';
import { errorMessage } from '@/lib/api-client';
import { useOrder } from '../api/get-orders';
import { useDeleteOrder } from '../api/order-actions';
import { OrderMessages } from './order-messages';
import { PrintButtons } from './print-buttons';
import { StaffActions } from './staff-actions';
import { OrderStateTag, WaitingChip } from './order-state-tag';
import { formatDateTime } from './format';
import { LogAction, useLogDetail } from './log-texts';
import { pathTo } from '@cacifo/contract/route-paths';

// The edit form and the deposit dialog (antd Form, zod) load after the order is shown.
const OrderForm = lazy(() => import('./order-form').then((m) => ({ default: m.OrderForm })));
const DepositDialog = lazy(() => import('./deposit-dialog').then((m) => ({ default: m.DepositDialog })));

/** Both detail pages (/orders/details/{id} and /orders-history/details/{id}): fields, actions, logs. */
export function OrderDetail({ routeId }: { routeId: AppRouteId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().orderId);
  const query = useOrder(Number.isInteger(id) ? id : 0);
  const remove = useDeleteOrder();
  const logDetail = useLogDetail();
  const [editing, setEditing] = useState(false);
  // `?deposit=1` (the navbar scanner) lands with the deposit dialog open, `size` preselected.
  const [searchParams] = useSearchParams();
  const [depositing, setDepositing] = useState(searchParams.get('deposit') === '1');
  const order = query.data;

  if (query.isLoading) return <Spin />;
  if (query.isError || !order)
    return (
      <Alert
        type="error"
        showIcon
        title={query.error ? errorMessage(query.error) : t('errors.orderNotExist')}
      />
    );

  const logColumns: TableColumnsType<OrderLog> = [
    { title: t('orders.logs.date'), dataIndex: 'createdAt', render: formatDateTime },
    { title: t('orders.logs.action'), key: 'action', render: (_: unknown, l) => <LogAction log={l} /> },
    {
      title: t('orders.logs.state'),
      dataIndex: 'state',
      render: (s: OrderState) => <OrderStateTag state={s} />,
    },
    {
      title: t('orders.logs.admin'),
      dataIndex: 'adminName',
      // A door closing or a sweep is done by no one: the server names it `system`.
      render: (name: string, l) => (l.adminId === null && name === 'system' ? t('orders.logs.system') : name),
    },
    { title: t('orders.logs.description'), dataIndex: 'description', render: logDetail },
  ];
  const locker = order.assignedLocker;
  const stage = orderStage(order.state);
  const can = (a: Parameters<typeof orderAllows>[0]) =>
    orderAllows(a, { state: order.state, hasLocker: locker !== null });
  const mayDeposit = can('openForDeposit') || can('assignLocker');

  return (
    <>
      <PageHeader
        routeId={routeId}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)}>
            {t('orders.detail.back')}
          </Button>
        }
      />
      <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="order-detail">
        {stage !== 'toDeposit' && (
          <Alert
            type={stage === 'canceled' ? 'warning' : 'info'}
            showIcon
            title={t(`orderStage.${stage}`)}
            data-testid="order-stage"
          />
        )}
        <Card
          title={t('orders.detail.title', { packageId: order.packageId })}
          extra={
            <Space wrap>
              <PrintButtons orderId={order.id} slip={stage === 'inLocker'} />
              {mayDeposit && (
                <Button type="primary" onClick={() => setDepositing(true)} data-testid="order-deposit">
                  {t('orders.detail.deposit')}
                </Button>
              )}
              {can('update') && (
                <Button onClick={() => setEditing(true)} data-testid="order-edit">
                  {t('orders.detail.edit')}
                </Button>
              )}
              {can('update') && (
                <DeleteButton
                  name={order.packageId}
                  showLabel
                  onDelete={() =>
                    remove.mutateAsync(order.packageId).then(() => void navigate(pathTo('orders')))
                  }
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
                {order.state === orderState.codes.STORED_IN_LOCKER && (
                  <WaitingChip storedAt={order.storedAt} />
                )}
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
            <Descriptions.Item label={t('orders.fields.recipientName')}>
              {order.recipientName}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.fields.deliveryType')}>
              {deliveryType.has(order.deliveryType)
                ? t(deliveryType.labelKey(order.deliveryType) as 'deliveryType.PACKAGE')
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
        <Card title={t('orders.detail.actions')}>
          <StaffActions order={order} />
        </Card>
        <Card title={t('orders.detail.logs')}>
          <Table<OrderLog>
            rowKey="id"
            size="small"
            columns={logColumns}
            dataSource={order.logs ?? []}
            pagination={false}
            data-testid="order-logs"
            scroll={{ x: true }}
          />
        </Card>
        <OrderMessages messages={order.messages ?? []} />
      </Space>
      <Modal
        open={editing}
        title={t('orders.form.editTitle')}
        footer={null}
        onCancel={() => setEditing(false)}
        destroyOnHidden
      >
        <Suspense fallback={null}>
          <OrderForm order={order} onCancel={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </Suspense>
      </Modal>
      <Suspense fallback={null}>
        <DepositDialog
          order={order}
          open={depositing}
          onClose={() => setDepositing(false)}
          defaultSize={searchParams.get('size')}
        />
      </Suspense>
    </>
  );
}
