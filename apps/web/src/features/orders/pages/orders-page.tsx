import { Button } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_LIST_VARIANTS } from '@cacifo/contract/codes/order';
import { listOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { OrderListPage } from '../components/order-list-page';
import { pathTo } from '@cacifo/contract/route-paths';

/** /orders: states 1-13, not archived (SPEC §7 first variant). */
export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <OrderListPage
      routeId="orders"
      testId="orders-table"
      endpoint="list"
      schema={listOrdersQuerySchema}
      states={ORDER_LIST_VARIANTS.orders.state}
      archived={false}
      exportable
      bulk={['archive', 'resendSms', 'cancel']}
      extra={
        <>
          <Link to={pathTo('importOrders')}>
            <Button icon={<UploadOutlined />}>{t('orders.list.import')}</Button>
          </Link>
          <Link to={pathTo('newOrder')}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="orders-new">
              {t('orders.list.newOrder')}
            </Button>
          </Link>
        </>
      }
    />
  );
}
