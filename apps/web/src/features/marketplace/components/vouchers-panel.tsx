import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Popconfirm, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { priceType } from '@cacifo/contract/codes/transaction';
import type { Voucher } from '@cacifo/contract/schemas/marketplace';
import { useDeleteVoucher, useSetVoucherEnabled, useVouchers } from '../api/vouchers';
import { euros } from './money';

// The form (antd Form, date picker) loads after the list.
const VoucherForm = lazy(() => import('./voucher-form').then((m) => ({ default: m.VoucherForm })));

const dmy = (d: string) => d.split('-').reverse().join('/');

/** Vouchers: code, validity, limits, discount and uses; create, edit, enable or disable, delete. */
export function VouchersPanel({ mayManage }: { mayManage: boolean }) {
  const { t } = useTranslation();
  const vouchers = useVouchers();
  const setEnabled = useSetVoucherEnabled();
  const remove = useDeleteVoucher();
  const [editing, setEditing] = useState<Voucher | null>(null);
  const [open, setOpen] = useState(false);
  const limit = (n: number | null) => (n === null ? t('marketplace.vouchers.unlimited') : n);

  const columns: TableColumnsType<Voucher> = [
    { title: t('marketplace.vouchers.code'), dataIndex: 'code', render: (c: string) => <Tag>{c}</Tag> },
    { title: t('marketplace.vouchers.title'), dataIndex: 'title' },
    {
      title: t('marketplace.vouchers.discountValue'),
      key: 'discount',
      align: 'end',
      render: (_, v) => (v.discountType === 'percentage' ? `${v.discountValue} %` : euros(v.discountValue)),
    },
    {
      title: t('marketplace.vouchers.period'),
      key: 'period',
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
                <Popconfirm
                  title={t('marketplace.common.confirmDelete')}
                  onConfirm={() => remove.mutateAsync(v.id).catch(() => undefined)}
                >
                  <Button danger icon={<DeleteOutlined />} aria-label={t('marketplace.common.delete')} />
                </Popconfirm>
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
      {mayManage && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 16 }}
          data-testid="voucher-add"
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('marketplace.vouchers.add')}
        </Button>
      )}
      <Table
        rowKey="id"
        columns={columns}
        dataSource={vouchers.data ?? []}
        loading={vouchers.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('marketplace.vouchers.empty') }}
        data-testid="voucher-table"
      />
      <Suspense fallback={null}>
        <VoucherForm voucher={editing} open={open} onClose={() => setOpen(false)} />
      </Suspense>
    </>
  );
}
