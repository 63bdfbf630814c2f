import { lazy, Suspense } from 'react';
import { Alert, Button, Input, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  listVouchersQuerySchema,
  type ListVouchersQuery,
  VOUCHER_VALIDITY,
  type Voucher,
} from '@cacifo/contract/schemas/marketplace';
import { ListTable } from '@/components/list/list-table';
import { useEditModal } from '@/lib/list/use-edit-modal';
import { useListState } from '@/lib/list/use-list-state';
import { useVouchers } from '../api/vouchers';
import { EnabledFilter } from './enabled-filter';
import { useVoucherColumns } from './voucher-columns';

// The form (antd Form, date picker) loads after the list.
const VoucherForm = lazy(() => import('./voucher-form').then((m) => ({ default: m.VoucherForm })));

/**
 * Vouchers on the list kit (issue #22): search, enabled and validity filters and the sort in the
 * URL, sorted and filtered on the server; create, edit, enable or disable, delete.
 */
export function VouchersPanel({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const list = useListState(listVouchersQuerySchema);
  const { filters } = list;
  const vouchers = useVouchers(list.filterQuery as ListVouchersQuery);
  const modal = useEditModal<Voucher>();
  const columns = useVoucherColumns(mayManage, modal.edit);

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
          <Button type="primary" icon={<PlusOutlined />} data-testid="voucher-add" onClick={modal.create}>
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
        <EnabledFilter
          value={filters.enabled}
          onChange={(enabled) => list.setFilters({ enabled })}
          testId="voucher-filter-enabled"
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
        <VoucherForm voucher={modal.editing} open={modal.open} onClose={modal.close} />
      </Suspense>
    </>
  );
}
