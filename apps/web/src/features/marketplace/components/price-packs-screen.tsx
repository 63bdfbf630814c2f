import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Switch, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppRouteId } from '@cacifo/contract';
import type { PriceType } from '@cacifo/contract/codes/transaction';
import { can } from '@cacifo/contract/permissions';
import type { PricePack } from '@cacifo/contract/schemas/marketplace';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session';
import { useDeletePricePack, usePricePacks, useSetPricePackEnabled } from '../api/prices';
import { euros } from './money';

// The form (antd Form, zod) loads after the list, not before it.
const PricePackForm = lazy(() => import('./price-pack-form').then((m) => ({ default: m.PricePackForm })));

/** /marketplace/{type}: the price packs of one type; create, edit, enable or disable, delete. */
export function PricePacksScreen({ type, routeId }: { type: PriceType; routeId: AppRouteId }) {
  const { t } = useTranslation();
  const session = useSession();
  const mayManage = !!session && can(session.userRole, 'marketplace.manage', session.modules);
  const packs = usePricePacks(type);
  const setEnabled = useSetPricePackEnabled();
  const remove = useDeletePricePack();
  const [editing, setEditing] = useState<PricePack | null>(null);
  const [open, setOpen] = useState(false);

  // Messages are the mutations' own (docs/adr/0060).
  const toggle = (p: PricePack, enabled: boolean) => setEnabled.mutate({ id: p.id, enabled });
  const del = (p: PricePack) => remove.mutateAsync(p.id).catch(() => undefined);

  const columns: TableColumnsType<PricePack> = [
    { title: t('marketplace.prices.name'), dataIndex: 'name' },
    {
      title: t('marketplace.prices.hours'),
      dataIndex: 'hours',
      align: 'end',
      render: (h: number) => t('marketplace.common.hours', { count: h }),
    },
    {
      title: t('marketplace.prices.priceGross'),
      dataIndex: 'priceCents',
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
                <Popconfirm title={t('marketplace.common.confirmDelete')} onConfirm={() => void del(p)}>
                  <Button danger icon={<DeleteOutlined />} aria-label={t('marketplace.common.delete')} />
                </Popconfirm>
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
          <Table
            rowKey="id"
            columns={columns}
            dataSource={packs.data ?? []}
            loading={packs.isLoading}
            pagination={false}
            locale={{ emptyText: t('marketplace.prices.empty') }}
            data-testid="price-table"
          />
        )}
      </Card>
      <Suspense fallback={null}>
        <PricePackForm type={type} pack={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
