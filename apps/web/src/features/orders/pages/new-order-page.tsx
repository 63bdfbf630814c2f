import { useState } from 'react';
import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { DepositDialog } from '../components/deposit-dialog';
import { OrderForm } from '../components/order-form';
import { pathTo } from '@cacifo/contract/route-paths';

/** /orders/details/new: create an order, then (optionally) deposit it through the deposit dialog. */
export default function NewOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [depositing, setDepositing] = useState<Order | null>(null);
  return (
    <>
      <PageHeader routeId="newOrder" />
      <Card title={t('orders.form.newTitle')}>
        <OrderForm
          onSaved={(order, next) => {
            if (next === 'deposit') setDepositing(order);
            else void navigate(pathTo('orderDetails', { orderId: order.id }));
          }}
        />
      </Card>
      {depositing && (
        <DepositDialog
          order={depositing}
          open
          onClose={() => {
            const id = depositing.id;
            setDepositing(null);
            void navigate(pathTo('orderDetails', { orderId: id }));
          }}
        />
      )}
    </>
  );
}
