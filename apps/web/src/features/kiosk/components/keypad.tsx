import { useKioskText } from '../kiosk-text';

interface Props {
  value: string;
  /** The code's digits; Confirm is pressable when that many are typed. */
  length: number;
  /** Shorter codes the same pad also takes (a courier's 4-digit PIN on the 8-digit carrier pad). */
  alsoLengths?: readonly number[];
  onChange: (v: string) => void;
  onSubmit: () => void;
  busy?: boolean;
  /** Show dots instead of digits (a courier's PIN). */
  secret?: boolean;
  testId: string;
}

/** A large on-screen number pad for a touch screen: the code's boxes, 0-9, clear and confirm. */
export function Keypad({
  value,
  length,
  alsoLengths = [],
  onChange,
  onSubmit,
  busy = false,
  secret = false,
  testId,
}: Props) {
  const { t } = useKioskText();
  const press = (d: string) => !busy && value.length < length && onChange(value + d);
  const complete = value.length === length || alsoLengths.includes(value.length);
  return (
    <div className="kiosk-keypad" data-testid={testId}>
      <div className="kiosk-code" aria-live="polite">
        {Array.from({ length }, (_, i) => (
          <span key={i} className={i < value.length ? 'filled' : ''}>
            {i < value.length ? (secret ? '●' : value[i]) : ''}
          </span>
        ))}
      </div>
      <div className="kiosk-keys">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <button key={d} type="button" onClick={() => press(d)} data-testid={`${testId}-key-${d}`}>
            {d}
          </button>
        ))}
        <button type="button" className="secondary" onClick={() => onChange('')} disabled={busy}>
          {t('clear')}
        </button>
        <button type="button" onClick={() => press('0')} data-testid={`${testId}-key-0`}>
          0
        </button>
        <button
          type="button"
          className="primary"
          disabled={!complete || busy}
          onClick={onSubmit}
          data-testid={`${testId}-ok`}
        >
          {busy ? '…' : t('ok')}
        </button>
      </div>
    </div>
  );
}
