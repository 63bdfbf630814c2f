import { lazy, Suspense } from 'react';
import { Card, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can } from '@cacifo/contract/permissions';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { SettingsForm } from '../components/settings-form';

// The vouchers tab (a table) loads when it is first shown, not with the settings form.
const VouchersPanel = lazy(() =>
  import('../components/vouchers-panel').then((m) => ({ default: m.VouchersPanel })),
);

/** /marketplace/settings: the settings and, on their own tab, the vouchers (tab kept in the URL). */
export default function MarketplaceSettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const mayManage = !!session && can(session.userRole, 'marketplace.manage', session.modules);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'vouchers' ? 'vouchers' : 'settings';
  return (
    <>
      <PageHeader routeId="marketplaceSettings" />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === 'vouchers' ? { tab: k } : {}, { replace: true })}
          items={[
            {
              key: 'settings',
              label: t('marketplace.settings.tabSettings'),
              children: <SettingsForm mayManage={mayManage} />,
            },
            {
              key: 'vouchers',
              label: t('marketplace.settings.tabVouchers'),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <VouchersPanel mayManage={mayManage} />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
