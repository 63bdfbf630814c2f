import { useState } from 'react';
import type { KioskParcel } from '@cacifo/contract/schemas/kiosk';
import { useDeposit, useParcel } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { KioskAlert } from '../shared/kiosk-task';
import { kioskError, type KioskError } from './kiosk-error';
import { SizePicker } from './size-picker';

/**
 * A courier with a staff PIN: the parcel's package id, then a size with free lockers, and the door
 * opens. The PIN stays in the deposit screen's memory only until it closes.
 */
export function CourierDeposit({
  pin,
  name,
  onOpened,
}: {
  pin: string;
  name: string;
  onOpened: (door: number) => void;
}) {
  const { t } = useKioskText();
  const parcel = useParcel();
  const deposit = useDeposit();
  const [packageId, setPackageId] = useState('');
  const [found, setFound] = useState<KioskParcel | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const fail = (e: unknown) => setError(kioskError(e, 'wrongPin'));
  const busy = parcel.isPending || deposit.isPending;

  const find = () =>
    !busy &&
    packageId.trim() &&
    parcel.mutate({ courierCode: pin, packageId: packageId.trim() }, { onSuccess: setFound, onError: fail });
  const open = (p: KioskParcel, size: string) =>
    !busy &&
    deposit.mutate(
      { courierCode: pin, packageId: p.packageId, size },
      { onSuccess: (r) => onOpened(r.doorNumber), onError: fail },
    );

  return (
    <>
      <KioskAlert error={error} />
      {!found && (
        <form
          className="kiosk-form"
          onSubmit={(e) => {
            e.preventDefault();
            find();
          }}
        >
          <p className="kiosk-lead">{t('deposit.hello', { name })}</p>
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
      {found && (
        <>
          <p className="kiosk-lead">
            {found.packageId}
            {found.recipientNumber ? ` · ${t('deposit.reference', { ref: found.recipientNumber })}` : ''}
          </p>
          {deposit.isPending && <p className="kiosk-info">{t('opening')}</p>}
          <SizePicker free={found.availableLockers} busy={busy} onPick={(s) => open(found, s)} />
        </>
      )}
    </>
  );
}
