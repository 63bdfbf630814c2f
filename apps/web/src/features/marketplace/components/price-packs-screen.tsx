import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Input, Select, Space, Switch } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppRouteId } from '@cacifo/contract';
import type { PriceType } from '@cacifo/contract/codes/transaction';
import { can } from '@cacifo/contract/permissions';
import {
  listPricePacksQuerySchema,
  type ListPricePacksQuery,
  type PricePack,
} from '@cacifo/contract/schemas/marketplace';
import { DeleteButton } from '@/components/list/delete-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { PageHeader } from '@/components/page-header';
import { useListState } from '@/lib/list/use-list-state';
import { useSession } from '@/lib/session';
import { useDeletePricePack, usePricePacks, useSetPricePackEnabled } from '../api/prices';
import { euros } from './money';

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
  const setEnabled = useSetPricePackEnabled();
  const remove = useDeletePricePack();
  const [editing, setEditing] = useState<PricePack | null>(null);
  const [open, setOpen] = useState(false);

  // Messages are the mutations' own (docs/adr/0060).
  const toggle = (p: PricePack, enabled: boolean) => setEnabled.mutate({ id: p.id, enabled });

  const columns: ListColumn<PricePack>[] = [
    { title: t('marketplace.prices.name'), dataIndex: 'name', sortKey: 'name' },
    {
      title: t('marketplace.prices.hours'),
      dataIndex: 'hours',
      sortKey: 'hours',
      align: 'end',
      render: (h: number) => t('marketplace.common.hours', { count: h }),
    },
    {
      title: t('marketplace.prices.priceGross'),
      dataIndex: 'priceCents',
      sortKey: 'priceCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
    {
      title: t('marketplace.prices.priceNet'),
      dataIndex: 'priceNetCents',
      align: 'end',
      render: (c: number) => euros(c),
    },
    {
      title: t('marketplace.common.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean, p) => (
        <Switch
          checked={on}
          disabled={!mayManage}
          loading={setEnabled.isPending && setEnabled.variables?.id === p.id}
          onChange={(v) => void toggle(p, v)}
          aria-label={t('marketplace.common.enabled')}
          data-testid={`price-enabled-${p.id}`}
        />
      ),
    },
    ...(mayManage
      ? [
          {
            title: t('marketplace.common.actions'),
            key: 'actions',
            render: (_: unknown, p: PricePack) => (
              <Space>
                <Button
                  icon={<EditOutlined />}
                  aria-label={t('marketplace.common.edit')}
                  onClick={() => {
                    setEditing(p);
                    setOpen(true);
                  }}
                />
                <DeleteButton
                  name={p.name}
                  onDelete={() => remove.mutateAsync(p.id)}
                  pending={remove.isPending && remove.variables === p.id}
                  testId={`price-delete-${p.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        routeId={routeId}
        extra={
          mayManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="price-add"
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
            >
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
              <Select
                value={filters.enabled ?? 'all'}
                aria-label={t('marketplace.common.enabled')}
                onChange={(v: string) => list.setFilters({ enabled: v === 'all' ? null : v })}
                options={[
                  { value: 'all', label: t('marketplace.common.anyState') },
                  { value: '1', label: t('marketplace.common.enabledOnly') },
                  { value: '0', label: t('marketplace.common.disabledOnly') },
                ]}
                style={{ width: 160 }}
                data-testid="price-filter-enabled"
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
        <PricePackForm type={type} pack={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
