import { useId, type CSSProperties, type ReactNode } from 'react';
import { InputNumber, Typography } from 'antd';

/** A whole number from `min` to `max`, or null when the field is empty. */
export function inRange(value: number | null | undefined, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

interface Props {
  value: number | null;
  onChange: (value: number | null) => void;
  min: number;
  max: number;
  /** Shown under the field while its value is out of range (empty is left to the caller). */
  error: string;
  label: string;
  placeholder?: string;
  addonAfter?: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}

/**
 * A number field outside a form that refuses an out-of-range value instead of clamping it: antd's
 * InputNumber with min/max silently turns 150 into 100 on blur, so the user never learns the value
 * was not taken. Here the value stays as typed, the field is marked invalid and says the range; the
 * caller does not act on it (`inRange`).
 */
export function NumberInRange({ value, onChange, min, max, error, label, ...rest }: Props) {
  const id = useId();
  const wrong = value !== null && !inRange(value, min, max);
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column' }}>
      <InputNumber
        {...rest}
        value={value}
        onChange={(v) => onChange(typeof v === 'number' ? v : null)}
        status={wrong ? 'error' : undefined}
        aria-label={label}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? id : undefined}
      />
      {wrong && (
        <Typography.Text type="danger" id={id} role="alert" style={{ fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
    </span>
  );
}
