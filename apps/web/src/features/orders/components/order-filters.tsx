import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryType } from '@cacifo/contract/codes/locker';
import { orderState, type OrderState } from '@cacifo/contract/codes/order';
import type { listOrdersQuerySchema } from '@cacifo/contract/schemas/orders';
import { ClientFilter } from '@/components/list/client-filter';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import type { ListState } from '@/lib/list/use-list-state';
import { useDeliveryPlaces } from '../api/deposit';

interface Props {
  list: ListState<typeof listOrdersQuerySchema>;
  /** The states the list holds: the state filter picks among them (none: no state filter). */
  states: readonly OrderState[] | undefined;
  /** The caller may filter by client (the operator; a client's admin sees its own orders only). */
  storeFilter: boolean;
  testId: string;
}

/** The order lists' filter bar: search, state, location, client, delivery type, created and stored days. */
export function OrderFilters({ list, states, storeFilter, testId }: Props) {
  const { t } = useTranslation();
  const { filters } = list;
  const places = useDeliveryPlaces();
  const chosen = (filters.state ?? '').split(',').filter(Boolean).map(Number);
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid={`${testId}-filters`}>
      <Input.Search
        key={filters.search ?? ''}
        allowClear
        defaultValue={filters.search}
        placeholder={t('orders.list.searchPlaceholder')}
        onSearch={(v) => list.setFilters({ search: v.trim() })}
        style={{ width: 280 }}
        data-testid={`${testId}-search`}
      />
      {states && states.length > 1 && (
        <Select<OrderState[]>
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          aria-label={t('orders.fields.state')}
          placeholder={t('orders.fields.state')}
          value={chosen.filter((s) => states.includes(s as OrderState)) as OrderState[]}
          onChange={(v) => list.setFilters({ state: v.length ? v.join(',') : null })}
          style={{ minWidth: 180, maxWidth: 320 }}
          options={states.map((s) => ({
            value: s,
            label: t(orderState.labelKey(s)),
          }))}
          data-testid={`${testId}-filter-state`}
        />
      )}
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('orders.fields.location')}
        placeholder={t('orders.fields.location')}
        value={filters.placeId ? Number(filters.placeId) : undefined}
        onChange={(v?: number) => list.setFilters({ placeId: v })}
        style={{ width: 180 }}
        options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        data-testid={`${testId}-filter-place`}
      />
      {storeFilter && (
        <ClientFilter
          by="name"
          value={filters.company}
          onChange={(company) => list.setFilters({ company })}
          testId={`${testId}-filter-client`}
        />
      )}
      <Select<number>
        allowClear
        aria-label={t('orders.fields.deliveryType')}
        placeholder={t('orders.fields.deliveryType')}
        value={filters.deliveryType ? Number(filters.deliveryType) : undefined}
        onChange={(v?: number) => list.setFilters({ deliveryType: v })}
        style={{ width: 180 }}
        options={deliveryType.values.map((v) => ({
          value: v,
          label: t(deliveryType.labelKey(v)),
        }))}
        data-testid={`${testId}-filter-type`}
      />
      <DateRangeFilter
        label={t('orders.fields.createdAt')}
        value={filters.createdAtInterval}
        onChange={(v) => list.setFilters({ createdAtInterval: v })}
        testId={`${testId}-filter-created`}
      />
      <DateRangeFilter
        label={t('orders.fields.storedAt')}
        value={filters.storedAtInterval}
        onChange={(v) => list.setFilters({ storedAtInterval: v })}
        testId={`${testId}-filter-stored`}
      />
    </Space>
  );
}
