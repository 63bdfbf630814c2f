import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The URL's `enabled` filter: '1', '0' or none (any state). */
  value: string | undefined;
  onChange: (enabled: string | null) => void;
  testId: string;
}

/** Any state, enabled only or disabled only: the filter of the price packs' and the vouchers' lists. */
export function EnabledFilter({ value, onChange, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Select
      value={value ?? 'all'}
      aria-label={t('marketplace.common.enabled')}
      onChange={(v: string) => onChange(v === 'all' ? null : v)}
      options={[
        { value: 'all', label: t('marketplace.common.anyState') },
        { value: '1', label: t('marketplace.common.enabledOnly') },
        { value: '0', label: t('marketplace.common.disabledOnly') },
      ]}
      style={{ width: 160 }}
      data-testid={testId}
    />
  );
}
