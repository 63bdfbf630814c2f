import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { COURIER_ACCESS_CODE_DIGITS } from '@cacifo/contract/schemas/courier-codes';
import { Keypad } from '../components/keypad';
import { kioskError, type KioskError } from '../components/kiosk-error';
import { useKioskText } from '../kiosk-text';
import { KioskAlert, KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';
import { askWall } from './wall-api';
import { wallAddress } from './wall-address';

/** A courier's staff PIN (ADR 0004); the carrier's code of the day is COURIER_ACCESS_CODE_DIGITS. */
const PIN_DIGITS = 4;

/**
 * A deposit while the server is gone (ADR 0160): the courier's PIN or the carrier's code of the day,
 * then the parcel's package id, and the wall opens its reserved door or a free one of its size
 * (`POST /deposit` of the local API; the wall knows the parcels waiting, docs/devices.md).
 */
export function OfflineDeposit({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t, language } = useKioskText();
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'code' | 'parcel'>('code');
  const [packageId, setPackageId] = useState('');
  const [error, setError] = useState<KioskError | null>(null);
  const deposit = useMutation({
    mutationFn: () => askWall(wallAddress(), '/deposit', { code, parcel: packageId.trim() }, language),
    onSuccess: onOpened,
    onError: (e) => {
      setError(kioskError(e, 'wrongPin'));
      setCode('');
      setStep('code');
    },
  });

  return (
    <KioskPanel title="deposit.title" testId="kiosk-deposit" onHome={onHome}>
      <KioskAlert error={error} />
      {step === 'code' ? (
        <>
          <p className="kiosk-lead">{t('deposit.enterCode')}</p>
          <Keypad
            value={code}
            length={COURIER_ACCESS_CODE_DIGITS}
            alsoLengths={[PIN_DIGITS]}
            secret
            onChange={(v) => {
              setError(null);
              setCode(v);
            }}
            onSubmit={() => setStep('parcel')}
            testId="kiosk-courier-pad"
          />
        </>
      ) : (
        <form
          className="kiosk-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (packageId.trim() && !deposit.isPending) deposit.mutate();
          }}
        >
          <label htmlFor="kiosk-package">{t('deposit.packageId')}</label>
          <input
            id="kiosk-package"
            autoFocus
            autoComplete="off"
            value={packageId}
            maxLength={64}
            onChange={(e) => setPackageId(e.target.value.toUpperCase())}
            data-testid="kiosk-package"
          />
          <p className="kiosk-hint">{t('deposit.packageHint')}</p>
          {deposit.isPending && <p className="kiosk-info">{t('opening')}</p>}
          <button
            type="submit"
            className="kiosk-wide primary"
            disabled={!packageId.trim() || deposit.isPending}
          >
            {t('deposit.find')}
          </button>
        </form>
      )}
    </KioskPanel>
  );
}
