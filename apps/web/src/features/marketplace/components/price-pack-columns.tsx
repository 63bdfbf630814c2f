import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PricePack } from '@cacifo/contract/schemas/marketplace';
import { EditDeleteActions } from '@/components/list/edit-delete-actions';
import type { ListColumn } from '@/components/list/list-table';
import { useDeletePricePack, useSetPricePackEnabled } from '../api/prices';
import { euros } from './money';

/** The price list's columns: name, hours, gross and net price, enabled, and edit/delete for a manager. */
export function usePricePackColumns(
  mayManage: boolean,
  onEdit: (p: PricePack) => void,
): ListColumn<PricePack>[] {
  const { t } = useTranslation();
  const setEnabled = useSetPricePackEnabled();
  const remove = useDeletePricePack();

  // Messages are the mutations' own (docs/adr/0060).
  const toggle = (p: PricePack, enabled: boolean) => setEnabled.mutate({ id: p.id, enabled });

  return [
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
              <EditDeleteActions
                size="middle"
                editLabel={t('marketplace.common.edit')}
                onEdit={() => onEdit(p)}
                name={p.name}
                onDelete={() => remove.mutateAsync(p.id)}
                pending={remove.isPending && remove.variables === p.id}
                deleteTestId={`price-delete-${p.id}`}
              />
            ),
          },
        ]
      : []),
  ];
}
