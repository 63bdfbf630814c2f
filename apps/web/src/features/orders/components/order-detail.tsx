import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Modal, Space, Spin, Table, type TableColumnsType } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { orderStage, type OrderState } from '@cacifo/contract/codes/order';
import type { OrderLog } from '@cacifo/contract/schemas/orders';
import type { AppRouteId } from '@cacifo/contract';
import { PageHeader } from '@/components/page-header';
import { errorMessage } from '@/lib/api-client';
import { useOrder } from '../api/get-orders';
import { OrderMessages } from './order-messages';
import { StaffActions } from './staff-actions';
import { OrderStateTag } from './order-state-tag';
import { OrderSummaryCard } from './order-summary-card';
import { formatDateTime } from './format';
import { LogAction, useLogDetail } from './log-texts';

// The edit form and the deposit dialog (antd Form, zod) load after the order is shown.
const OrderForm = lazy(() => import('./order-form').then((m) => ({ default: m.OrderForm })));
const DepositDialog = lazy(() => import('./deposit-dialog').then((m) => ({ default: m.DepositDialog })));

/** The detail page's controller: the order of the URL, and whether it is being edited or deposited. */
function useOrderDetail() {
  const id = Number(useParams().orderId);
  const query = useOrder(Number.isInteger(id) ? id : 0);
  const [editing, setEditing] = useState(false);
  // `?deposit=1` (the navbar scanner) lands with the deposit dialog open, `size` preselected.
  const [searchParams] = useSearchParams();
  const [depositing, setDepositing] = useState(searchParams.get('deposit') === '1');
  return { query, editing, setEditing, depositing, setDepositing, defaultSize: searchParams.get('size') };
}

/** The log's columns: date, action, state, who did it and what it says. */
function useLogColumns(): TableColumnsType<OrderLog> {
  const { t } = useTranslation();
  const logDetail = useLogDetail();
  return [
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
}

/** Both detail pages (/orders/details/{id} and /orders-history/details/{id}): fields, actions, logs. */
export function OrderDetail({ routeId }: { routeId: AppRouteId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, editing, setEditing, depositing, setDepositing, defaultSize } = useOrderDetail();
  const logColumns = useLogColumns();
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

  const stage = orderStage(order.state);

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
        <OrderSummaryCard
          order={order}
          onDeposit={() => setDepositing(true)}
          onEdit={() => setEditing(true)}
        />
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
          defaultSize={defaultSize}
        />
      </Suspense>
    </>
  );
}
