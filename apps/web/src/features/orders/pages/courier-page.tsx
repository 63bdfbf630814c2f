import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderStage } from '@cacifo/contract/codes/order';
import type { Order } from '@cacifo/contract/schemas/orders';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fetchOrderByPackageId } from '../api/get-orders';
import { DepositDialog } from '../components/deposit-dialog';
import { OrderForm } from '../components/order-form';

/**
 * The courier's landing page: type (or scan) a package id; a known order opens the deposit dialog,
 * an unknown one can be registered first. The same flow the camera scanner drives.
 */
export default function CourierPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<Order | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  // The navbar scanner lands here with `?packageId=` (couriers cannot open order pages).
  const [searchParams] = useSearchParams();
  const scanned = searchParams.get('packageId');

  const find = async (value: string) => {
    const packageId = value.trim();
    if (!packageId) return;
    setBusy(true);
    setError(null);
    setUnknown(null);
    try {
      const found = await fetchOrderByPackageId(packageId);
      // The state machine says whether it can be deposited now, and if not, why.
      const stage = orderStage(found.state);
      if (stage === 'toDeposit') setOrder(found);
      else setError(t(`orderStage.${stage}`));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'orderNotExist') setUnknown(packageId);
      else if (e instanceof ApiError && e.code === 'orderDelivered') setError(t('orderStage.delivered'));
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (scanned) void find(scanned);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per scanned code
  }, [scanned]);

  // The navbar search sends a courier here with ?q=<package id>.
  const q = params.get('q');
  useEffect(() => {
    if (!q) return;
    setParams({}, { replace: true });
    void find(q);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run once per incoming search
  }, [q]);

  return (
    <>
      <PageHeader routeId="courier" />
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
        <Card>
          <Input.Search
            size="large"
            enterButton
            loading={busy}
            placeholder={t('orders.search.placeholder')}
            onSearch={(v) => void find(v)}
            data-testid="courier-search"
          />
        </Card>
        {error && <Alert type="error" showIcon title={error} data-testid="courier-error" />}
        {unknown && (
          <Card title={t('orders.form.newTitle')}>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('orders.courier.notRegistered', { packageId: unknown })}
              description={t('orders.courier.registerHint')}
              data-testid="courier-unknown"
            />
            <OrderForm
              key={unknown}
              initialPackageId={unknown}
              onSaved={(o) => {
                setUnknown(null);
                setOrder(o);
              }}
            />
          </Card>
        )}
      </Space>
      {order && (
        <DepositDialog order={order} open onClose={() => setOrder(null)} defaultSize={scanned ? 'M' : null} />
      )}
    </>
  );
}
