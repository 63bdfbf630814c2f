import { Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DELIVERED_STATES, WAITING_PICKUP_STATES } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import type { ListColumn } from '@/components/list/list-table';
import { OrderStateTag, WaitingChip } from './order-state-tag';
import { formatDateTime } from './format';
import './orders.css';

function detailPath(o: Pick<Order, 'id' | 'state'>) {
  return DELIVERED_STATES.includes(o.state) ? `/orders-history/details/${o.id}` : `/orders/details/${o.id}`;
}

interface Options {
  /** A short list beside other cards (the dashboard): the columns that matter, no location. */
  compact?: boolean;
  /** Link each package to its detail page (not for a courier, who has none). */
  links?: boolean;
}

/** The columns every order list shows; `sortKey` names the server's sort column. */
export function useOrderColumns({ compact = false, links = true }: Options = {}): ListColumn<Order>[] {
  const { t } = useTranslation();
  return [
    {
      title: t('orders.fields.packageId'),
      dataIndex: 'packageId',
      sortKey: 'packageId',
      render: (v: string, o) =>
        links ? (
          <Link to={detailPath(o)} data-testid={`order-link-${o.packageId}`}>
            {v}
          </Link>
        ) : (
          v
        ),
    },
    ...(compact
      ? []
      : ([
          { title: t('orders.fields.recipientPhone'), dataIndex: 'recipientPhone', responsive: ['md'] },
          { title: t('orders.fields.recipientNumber'), dataIndex: 'recipientNumber', responsive: ['lg'] },
        ] satisfies ListColumn<Order>[])),
    {
      title: t('orders.fields.state'),
      dataIndex: 'state',
      sortKey: 'state',
      render: (s: Order['state'], o) => (
        <Space size={4} wrap={false}>
          <OrderStateTag state={s} />
          {WAITING_PICKUP_STATES.includes(s) && <WaitingChip storedAt={o.storedAt} />}
        </Space>
      ),
    },
    {
      title: t('orders.fields.locker'),
      key: 'locker',
      render: (_: unknown, o) =>
        o.assignedLocker ? (
          <span>
            {compact ? '' : `${o.assignedLocker.locationName} · `}
            {t('orders.fields.door', { door: o.assignedLocker.doorNumber })} · {o.assignedLocker.size}
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t('orders.fields.createdAt'),
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: formatDateTime,
      responsive: ['md'],
    },
    ...(compact
      ? []
      : ([
          {
            title: t('orders.fields.storedAt'),
            dataIndex: 'storedAt',
            sortKey: 'storedAt',
            render: (v: string | null) => (v ? formatDateTime(v) : '—'),
            responsive: ['lg'],
          },
          {
            title: t('orders.fields.company'),
            dataIndex: 'company',
            render: (c: string | null) => c ?? '—',
            responsive: ['xl'],
          },
        ] satisfies ListColumn<Order>[])),
  ];
}
