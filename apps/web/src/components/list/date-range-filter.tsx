import dayjs from 'dayjs';
import { LazyRangePicker } from '@/components/lazy-range-picker';

interface Props {
  /** `YYYY-MM-DD|YYYY-MM-DD` as the list's URL and the contract's dateIntervalSchema carry it. */
  value: string | undefined;
  onChange: (value: string | null) => void;
  /** What the range filters ("Criada em"): the picker's label and placeholder. */
  label: string;
  testId?: string;
}

/** A list's filter by a range of days (both included), read and written as the contract's interval. */
export function DateRangeFilter({ value, onChange, label, testId }: Props) {
  const [from, to] = (value ?? '').split('|');
  return (
    <LazyRangePicker
      aria-label={label}
      placeholder={[label, label]}
      allowEmpty={[false, false]}
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(v) =>
        onChange(v?.[0] && v[1] ? `${v[0].format('YYYY-MM-DD')}|${v[1].format('YYYY-MM-DD')}` : null)
      }
      data-testid={testId}
      style={{ width: 250 }}
    />
  );
}
