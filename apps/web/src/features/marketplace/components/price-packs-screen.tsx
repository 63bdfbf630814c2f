import { lazy, Suspense } from 'react';
import { Alert, Button, Card, Input, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppRouteId } from '@cacifo/contract';
import type { PriceType } from '@cacifo/contract/codes/transaction';
import { can } from '@cacifo/contract/permissions';
import {
  listPricePacksQuerySchema,
  type ListPricePacksQuery,
  type PricePack,
} from '@cacifo/contract/schemas/marketplace';
import { ListTable } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useEditModal } from '@/lib/list/use-edit-modal';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { usePricePacks } from '../api/prices';
import { EnabledFilter } from './enabled-filter';
import { usePricePackColumns } from './price-pack-columns';

// The form (antd Form, zod) loads after the list, not before it.
const PricePackForm = lazy(() => import('./price-pack-form').then((m) => ({ default: m.PricePackForm })));

/**
 * /marketplace/{type}: the price packs of one type on the list kit (issue #22): name search,
 * enabled filter and sort in the URL, applied by the server; create, edit, enable or disable, delete.
 */
export function PricePacksScreen({ type, routeId }: { type: PriceType; routeId: AppRouteId }) {
  const { t } = useTranslation();
  const session = useSession();
  const mayManage = !!session && can(session.userRole, 'marketplace.manage', session.modules);
  const list = useListState(listPricePacksQuerySchema);
  const { filters } = list;
  // The type is the route's, never the URL's.
  const packs = usePricePacks({ ...(list.filterQuery as ListPricePacksQuery), type });
  const modal = useEditModal<PricePack>();

  const columns = usePricePackColumns(mayManage, modal.edit);

  return (
    <>
      <PageHeader
        routeId={routeId}
        extra={
          mayManage && (
            <Button type="primary" icon={<PlusOutlined />} data-testid="price-add" onClick={modal.create}>
              {t('marketplace.prices.add')}
            </Button>
          )
        }
      />
      <Card>
        {packs.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('marketplace.common.loadError')}
            action={<Button onClick={() => void packs.refetch()}>{t('marketplace.common.retry')}</Button>}
          />
        ) : (
          <>
            <Space wrap style={{ marginBottom: 16 }}>
              <Input.Search
                key={filters.search ?? ''}
                allowClear
                defaultValue={filters.search}
                placeholder={t('marketplace.prices.search')}
                onSearch={(v) => list.setFilters({ search: v.trim() })}
                style={{ width: 240 }}
                data-testid="price-search"
              />
              <EnabledFilter
                value={filters.enabled}
                onChange={(enabled) => list.setFilters({ enabled })}
                testId="price-filter-enabled"
              />
            </Space>
            <ListTable<PricePack, typeof listPricePacksQuerySchema>
              list={list}
              rowKey="id"
              columns={columns}
              rows={packs.data}
              total={packs.data?.length}
              loading={packs.isFetching && !packs.data}
              countKey="marketplace.prices.count"
              emptyText={t('marketplace.prices.empty')}
              testId="price-table"
            />
          </>
        )}
      </Card>
      <Suspense fallback={null}>
        <PricePackForm type={type} pack={modal.editing} open={modal.open} onClose={modal.close} />
      </Suspense>
    </>
  );
}
