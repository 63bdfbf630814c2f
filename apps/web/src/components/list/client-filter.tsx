import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clientsApi } from '@cacifo/contract/endpoints/clients';
import type { Client } from '@cacifo/contract/schemas/clients';
import { endpointQuery } from '@/lib/endpoint-query';

/**
 * What the list filters by: the client's name (the `company` text orders, keys and accounts carry,
 * ADR 0190) or its id (the monthly usage).
 */
type By =
  | { by: 'name'; value: string | undefined; onChange: (name: string | undefined) => void }
  | { by: 'id'; value: number | undefined; onChange: (id: number | undefined) => void };

type Props = By & {
  testId: string;
  /** Whether the filter can be emptied ("every client"); the usage needs one. */
  allowClear?: boolean;
  placeholder?: string;
  width?: number;
};

/** Enabled clients first, each group by name; a disabled one says so in its label. */
function sorted(clients: readonly Client[]) {
  return [...clients].sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.name.localeCompare(b.name));
}

/**
 * The operator's client filter of every list (issue #31): one choice fed from Administration >
 * Clients, the same on the order lists, the accounts, the keys and the usage. Only the operator
 * sees it (clients.manage): a client's admin reads its own rows whatever it sends.
 */
export function ClientFilter(props: Props) {
  const { t } = useTranslation();
  const clients = useQuery({ ...endpointQuery(clientsApi.list), staleTime: 60_000 });
  const label = (c: Client) => (c.enabled ? c.name : `${c.name} (${t('list.filters.clientDisabled')})`);
  const options = sorted(clients.data?.clients ?? []).map((c) => ({
    value: props.by === 'name' ? c.name : c.id,
    label: label(c),
    'data-testid': `${props.testId}-option-${c.id}`,
  }));
  return (
    <Select<string | number>
      allowClear={props.allowClear ?? true}
      showSearch={{ optionFilterProp: 'label' }}
      loading={clients.isLoading}
      aria-label={t('list.filters.client')}
      placeholder={props.placeholder ?? t('list.filters.client')}
      value={props.value}
      onChange={(v?: string | number) =>
        props.by === 'name'
          ? props.onChange(typeof v === 'string' ? v : undefined)
          : props.onChange(typeof v === 'number' ? v : undefined)
      }
      options={options}
      style={{ width: props.width ?? 220 }}
      // A long name and its disabled mark are read whole, not cut at the box's width.
      popupMatchSelectWidth={false}
      data-testid={props.testId}
    />
  );
}
