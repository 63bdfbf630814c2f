import { useState } from 'react';
import { lockerSize } from '@cacifo/contract/codes/locker';
import type { KioskParcel } from '@cacifo/contract/schemas/kiosk';
import { useCourier, useDeposit, useParcel } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { Keypad } from './keypad';
import { kioskError, type KioskError } from './kiosk-error';
import { KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';

type Step =
  | { name: 'pin' }
  | { name: 'parcel'; courier: string }
  | { name: 'size'; courier: string; parcel: KioskParcel };

/**
 * A courier's deposit at the wall: their staff PIN, the parcel's package id, a size with free
 * lockers, then the door opens. The PIN stays in this screen's memory only until it closes.
 */
export function DepositScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const courier = useCourier();
  const parcel = useParcel();
  const deposit = useDeposit();
  const [pin, setPin] = useState('');
  const [packageId, setPackageId] = useState('');
  const [step, setStep] = useState<Step>({ name: 'pin' });
  const [error, setError] = useState<KioskError | null>(null);
  const fail = (e: unknown) => setError(kioskError(e, 'wrongPin'));
  const busy = courier.isPending || parcel.isPending || deposit.isPending;

  const identify = () =>
    !busy &&
    courier.mutate(pin, {
      onSuccess: (r) => setStep({ name: 'parcel', courier: r.courierName }),
      onError: (e) => {
        setPin('');
        fail(e);
      },
    });
  const find = (name: string) =>
    !busy &&
    packageId.trim() &&
    parcel.mutate(
      { courierCode: pin, packageId: packageId.trim() },
      { onSuccess: (p) => setStep({ name: 'size', courier: name, parcel: p }), onError: fail },
    );
  const open = (p: KioskParcel, size: string) =>
    !busy &&
    deposit.mutate(
      { courierCode: pin, packageId: p.packageId, size },
      { onSuccess: (r) => onOpened([r.doorNumber]), onError: fail },
    );

  return (
    <KioskPanel title="deposit.title" testId="kiosk-deposit" onHome={onHome}>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {step.name === 'pin' && (
        <>
          <p className="kiosk-lead">{t('deposit.enterPin')}</p>
          <Keypad
            value={pin}
            length={4}
            secret
            onChange={(v) => {
              setError(null);
              setPin(v);
            }}
            onSubmit={identify}
            busy={busy}
            testId="kiosk-courier-pad"
          />
        </>
      )}
      {step.name === 'parcel' && (
        <form
          className="kiosk-form"
          onSubmit={(e) => {
            e.preventDefault();
            find(step.courier);
          }}
        >
          <p className="kiosk-lead">{t('deposit.hello', { name: step.courier })}</p>
          <label htmlFor="kiosk-package">{t('deposit.packageId')}</label>
          <input
            id="kiosk-package"
            autoFocus
            autoComplete="off"
            value={packageId}
            maxLength={64}
            onChange={(e) => {
              setError(null);
              setPackageId(e.target.value.toUpperCase());
            }}
            data-testid="kiosk-package"
          />
          <p className="kiosk-hint">{t('deposit.packageHint')}</p>
          <button type="submit" className="kiosk-wide primary" disabled={!packageId.trim() || busy}>
            {t('deposit.find')}
          </button>
        </form>
      )}
      {step.name === 'size' && (
        <>
          <p className="kiosk-lead">
            {step.parcel.packageId}
            {step.parcel.recipientNumber
              ? ` · ${t('deposit.reference', { ref: step.parcel.recipientNumber })}`
              : ''}
          </p>
          <p>{t('deposit.chooseSize')}</p>
          {deposit.isPending && <p className="kiosk-info">{t('opening')}</p>}
          <div className="kiosk-sizes">
            {lockerSize.values.map((s) => {
              const free = step.parcel.availableLockers[s];
              return (
                <button
                  key={s}
                  type="button"
                  disabled={free === 0 || busy}
                  onClick={() => open(step.parcel, s)}
                  data-testid={`kiosk-size-${s}`}
                >
                  <strong>{s}</strong>
                  <span>{free ? t('deposit.free', { count: free }) : t('deposit.none')}</span>
                </button>
              );
            })}
          </div>
        </>
      )}
    </KioskPanel>
  );
}
