import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { alertsApi } from '@cacifo/contract/endpoints/alerts';
import { ALERT_DOOR_STATUSES, doorStatus } from '@cacifo/contract/codes/locker';
import type { alertListQuerySchema } from '@cacifo/contract/schemas/alert-list';
import { DateRangeFilter } from '@/components/list/date-range-filter';
import { ExportButton } from '@/components/list/export-button';
import type { ListState } from '@/lib/list/use-list-state';
import { usePlaces } from '@/lib/queries/locations';

interface Props {
  list: ListState<typeof alertListQuerySchema>;
  total: number | undefined;
}

/** The alerts list's filters (location, kind, acknowledged, days the alert began) and its export. */
export function AlertFilters({ list, total }: Props) {
  const { t } = useTranslation();
  const places = usePlaces();
  const f = list.filters;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220 }}
        placeholder={t('alerts.filters.location')}
        aria-label={t('alerts.filters.location')}
        value={f.placeId ? Number(f.placeId) : undefined}
        onChange={(v?: number) => list.setFilters({ placeId: v })}
        options={(places.data?.places ?? []).map((p) => ({ value: p.id, label: p.name }))}
        data-testid="alerts-place"
      />
      <Select
        allowClear
        style={{ width: 260 }}
        placeholder={t('alerts.filters.kind')}
        aria-label={t('alerts.filters.kind')}
        value={f.doorStatus}
        onChange={(v?: string) => list.setFilters({ doorStatus: v })}
        options={ALERT_DOOR_STATUSES.map((s) => ({
          value: String(s),
          label: t(doorStatus.labelKey(s)),
        }))}
        data-testid="alerts-kind"
      />
      <Select
        allowClear
        style={{ width: 200 }}
        placeholder={t('alerts.filters.acknowledged')}
        aria-label={t('alerts.filters.acknowledged')}
        value={f.acknowledged}
        onChange={(v?: string) => list.setFilters({ acknowledged: v })}
        options={[
          { value: 'false', label: t('alerts.filters.ackNo') },
          { value: 'true', label: t('alerts.filters.ackYes') },
        ]}
        data-testid="alerts-acknowledged"
      />
      <DateRangeFilter
        label={t('alerts.filters.since')}
        value={f.sinceInterval}
        onChange={(v) => list.setFilters({ sinceInterval: v })}
        testId="alerts-since"
      />
      <ExportButton
        endpoint={alertsApi.exportAlerts}
        filters={list.filterQuery}
        total={total}
        countKey="alerts.count"
        testId="alerts-export"
      />
    </Space>
  );
}
