import { Button, Space } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { PageHeader } from '@/components/page-header';
import { useOrders } from '../api/get-orders';
import { OrdersTable, useListParams } from '../components/orders-table';

/** /orders: states 1-13, not archived (SPEC §7 first variant). */
export default function OrdersPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const v = ORDER_LIST_VARIANTS.orders;
  const query = useOrders({
    max_results: list.pageSize,
    offset: list.offset,
    state: v.state,
    archived: v.archived,
    search: list.search || undefined,
  });
  return (
    <>
      <PageHeader
        routeId="orders"
        extra={
          <Space wrap>
            <Link to="/import-orders">
              <Button icon={<UploadOutlined />}>{t('orders.list.import')}</Button>
            </Link>
            <Link to="/orders/details/new">
              <Button type="primary" icon={<PlusOutlined />} data-testid="orders-new">
                {t('orders.list.newOrder')}
              </Button>
            </Link>
          </Space>
        }
      />
      <OrdersTable query={query} list={list} testId="orders-table" />
    </>
  );
}
