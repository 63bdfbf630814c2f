import { useState } from 'react';
import { RETURN_CODE_DIGITS } from '@cacifo/contract/schemas/return-dropoff';
import { useReturnDropoff } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { KioskAlert, KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';
import { Keypad } from './keypad';
import { kioskError, type KioskError } from './kiosk-error';

/**
 * A customer drops a return off (issue #33, docs/adr/0180): the 8-digit return code the seller gave
 * them, and a free locker of the return's size opens; closing it stores the return.
 */
export function ReturnsScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const dropoff = useReturnDropoff();
  const [code, setCode] = useState('');
  const [error, setError] = useState<KioskError | null>(null);
  const send = () => {
    if (dropoff.isPending) return;
    setError(null);
    dropoff.mutate(code, {
      onSuccess: (r) => onOpened([r.doorNumber]),
      onError: (e) => {
        setCode('');
        setError(kioskError(e, 'wrongReturnCode'));
      },
    });
  };
  return (
    <KioskPanel title="dropoff.title" testId="kiosk-returns" onHome={onHome}>
      <KioskAlert error={error} />
      {dropoff.isPending && <p className="kiosk-info">{t('opening')}</p>}
      <p className="kiosk-lead">{t('dropoff.enterCode')}</p>
      <Keypad
        value={code}
        length={RETURN_CODE_DIGITS}
        onChange={(v) => {
          setError(null);
          setCode(v);
        }}
        onSubmit={send}
        busy={dropoff.isPending}
        testId="kiosk-return-pad"
      />
      <p className="kiosk-hint">{t('dropoff.codeHint')}</p>
    </KioskPanel>
  );
}
