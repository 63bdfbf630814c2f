import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import type { Order } from '@cacifo/contract/schemas/orders';
import { ApiError } from '@/lib/api-client';
import { say } from '@/lib/feedback';
import { useSession } from '@/lib/session';
import { fetchOrderByPackageId } from '../api/get-orders';
import { pathTo } from '@cacifo/contract/route-paths';

/**
 * Navbar order search (SPEC §2, §8): the button is disabled while empty; a delivered order opens
 * the history detail, any other the order detail; unknown or failed: a toast. The input is cleared.
 */
export function OrderSearch() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  if (!session || !can(session.userRole, 'orders.search', session.modules)) return null;

  const submit = async () => {
    const packageId = value.trim();
    if (!packageId) return;
    // A courier has no order pages: its landing page finds the order and opens the deposit dialog.
    if (!can(session.userRole, 'orders.view', session.modules)) {
      setValue('');
      void navigate(pathTo('courier', null, { q: packageId }));
      return;
    }
    setBusy(true);
    try {
      const order = await fetchOrderByPackageId(packageId);
      void navigate(pathTo('orderDetails', { orderId: order.id }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'orderDelivered' && e.data) {
        void navigate(pathTo('orderHistoryDetails', { orderId: (e.data as Order).id }));
      } else if (e instanceof ApiError && e.code === 'orderNotExist') {
        // A search (a read), not a mutation: what it found is said here.
        say('error', t('orders.search.notExist'));
      } else {
        say('error', t('orders.search.fetchError'));
      }
    } finally {
      setValue('');
      setBusy(false);
    }
  };

  return (
    <Space.Compact className="order-search">
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('orders.search.placeholder')}
        aria-label={t('orders.search.placeholder')}
        data-testid="order-search-input"
        style={{ width: 180 }}
      />
      <Button
        icon={<SearchOutlined />}
        disabled={!value.trim()}
        loading={busy}
        onClick={() => void submit()}
        aria-label={t('orders.search.button')}
        data-testid="order-search-button"
      />
    </Space.Compact>
  );
}
