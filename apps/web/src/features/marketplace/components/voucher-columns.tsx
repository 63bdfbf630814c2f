import { Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { priceType } from '@cacifo/contract/codes/transaction';
import type { Voucher } from '@cacifo/contract/schemas/marketplace';
import { EditDeleteActions } from '@/components/list/edit-delete-actions';
import type { ListColumn } from '@/components/list/list-table';
import { useDeleteVoucher, useSetVoucherEnabled } from '../api/vouchers';
import { euros } from './money';

const dmy = (d: string) => d.split('-').reverse().join('/');

/** The voucher list's columns: code, title, discount, period, type, uses, enabled, and edit/delete for a manager. */
export function useVoucherColumns(mayManage: boolean, onEdit: (v: Voucher) => void): ListColumn<Voucher>[] {
  const { t } = useTranslation();
  const setEnabled = useSetVoucherEnabled();
  const remove = useDeleteVoucher();
  const limit = (n: number | null) => (n === null ? t('marketplace.vouchers.unlimited') : n);

  return [
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
        ty && priceType.has(ty) ? t(priceType.labelKey(ty)) : t('marketplace.vouchers.anyType'),
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
              <EditDeleteActions
                size="middle"
                editLabel={t('marketplace.common.edit')}
                onEdit={() => onEdit(v)}
                name={v.code}
                onDelete={() => remove.mutateAsync(v.id)}
                pending={remove.isPending && remove.variables === v.id}
                deleteTestId={`voucher-delete-${v.id}`}
              />
            ),
          },
        ]
      : []),
  ];
}
