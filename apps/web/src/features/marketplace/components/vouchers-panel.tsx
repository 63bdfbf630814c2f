import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Input, Select, Space, Switch, Tag } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { priceType } from '@cacifo/contract/codes/transaction';
import {
  listVouchersQuerySchema,
  type ListVouchersQuery,
  VOUCHER_VALIDITY,
  type Voucher,
} from '@cacifo/contract/schemas/marketplace';
import { DeleteButton } from '@/components/list/delete-button';
import { ListTable, type ListColumn } from '@/components/list/list-table';
import { useListState } from '@/lib/list/use-list-state';
import { useDeleteVoucher, useSetVoucherEnabled, useVouchers } from '../api/vouchers';
import { euros } from './money';

// The form (antd Form, date picker) loads after the list.
const VoucherForm = lazy(() => import('./voucher-form').then((m) => ({ default: m.VoucherForm })));

const dmy = (d: string) => d.split('-').reverse().join('/');

/**
 * Vouchers on the list kit (issue #22): search, enabled and validity filters and the sort in the
 * URL, sorted and filtered on the server; create, edit, enable or disable, delete.
 */
export function VouchersPanel({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const list = useListState(listVouchersQuerySchema);
  const { filters } = list;
  const vouchers = useVouchers(list.filterQuery as ListVouchersQuery);
  const setEnabled = useSetVoucherEnabled();
  const remove = useDeleteVoucher();
  const [editing, setEditing] = useState<Voucher | null>(null);
  const [open, setOpen] = useState(false);
  const limit = (n: number | null) => (n === null ? t('marketplace.vouchers.unlimited') : n);

  const columns: ListColumn<Voucher>[] = [
    {
      title: t('marketplace.vouchers.code'),
      dataIndex: 'code',
      sortKey: 'code',
      render: (c: string) => <Tag>{c}</Tag>,
    },
    { title: t('marketplace.vouchers.title'), dataIndex: 'title', sortKey: 'title' },
    {
      title: t('marketplace.vouchers.discountValue'),
      key: 'discount',
      align: 'end',
      render: (_, v) => (v.discountType === 'percentage' ? `${v.discountValue} %` : euros(v.discountValue)),
    },
    {
      title: t('marketplace.vouchers.period'),
      key: 'period',
      sortKey: 'endDate',
      render: (_, v) => `${dmy(v.startDate)} – ${dmy(v.endDate)}`,
    },
    {
      title: t('marketplace.vouchers.type'),
      dataIndex: 'type',
      render: (ty: string | null) =>
        ty && priceType.has(ty)
          ? t(priceType.labelKey(ty) as 'priceType.VISITOR')
          : t('marketplace.vouchers.anyType'),
    },
    {
      title: t('marketplace.vouchers.uses'),
      key: 'uses',
      align: 'end',
      render: (_, v) => `${v.uses} / ${limit(v.maxUses)}`,
    },
    {
      title: t('marketplace.vouchers.maxUsesPerDay'),
      dataIndex: 'maxUsesPerDay',
      align: 'end',
      render: limit,
    },
    {
      title: t('marketplace.common.enabled'),
      dataIndex: 'enabled',
      render: (on: boolean, v) => (
        <Switch
          checked={on}
          disabled={!mayManage}
          aria-label={t('marketplace.common.enabled')}
          loading={setEnabled.isPending && setEnabled.variables?.id === v.id}
          onChange={(enabled) => setEnabled.mutate({ id: v.id, enabled })}
        />
      ),
    },
    ...(mayManage
      ? [
          {
            title: t('marketplace.common.actions'),
            key: 'actions',
            render: (_: unknown, v: Voucher) => (
              <Space>
                <Button
                  icon={<EditOutlined />}
                  aria-label={t('marketplace.common.edit')}
                  onClick={() => {
                    setEditing(v);
                    setOpen(true);
                  }}
                />
                <DeleteButton
                  name={v.code}
                  onDelete={() => remove.mutateAsync(v.id)}
                  pending={remove.isPending && remove.variables === v.id}
                  testId={`voucher-delete-${v.id}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (vouchers.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('marketplace.common.loadError')}
        action={<Button onClick={() => void vouchers.refetch()}>{t('marketplace.common.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        {mayManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="voucher-add"
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            {t('marketplace.vouchers.add')}
          </Button>
        )}
        <Input.Search
          key={filters.search ?? ''}
          allowClear
          defaultValue={filters.search}
          placeholder={t('marketplace.vouchers.search')}
          onSearch={(v) => list.setFilters({ search: v.trim() })}
          style={{ width: 260 }}
          data-testid="voucher-search"
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
          data-testid="voucher-filter-enabled"
        />
        <Select
          allowClear
          placeholder={t('marketplace.vouchers.validity')}
          aria-label={t('marketplace.vouchers.validity')}
          value={filters.validity}
          onChange={(v?: string) => list.setFilters({ validity: v })}
          options={VOUCHER_VALIDITY.map((v) => ({ value: v, label: t(`marketplace.vouchers.${v}`) }))}
          style={{ width: 170 }}
          data-testid="voucher-filter-validity"
        />
      </Space>
      <ListTable<Voucher, typeof listVouchersQuerySchema>
        list={list}
        rowKey="id"
        columns={columns}
        rows={vouchers.data}
        total={vouchers.data?.length}
        loading={vouchers.isFetching && !vouchers.data}
        countKey="marketplace.vouchers.count"
        emptyText={t('marketplace.vouchers.empty')}
        testId="voucher-table"
      />
      <Suspense fallback={null}>
        <VoucherForm voucher={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
