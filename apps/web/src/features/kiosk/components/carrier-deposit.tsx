import { useState } from 'react';
import type { CarrierParcel, CarrierParcels } from '@cacifo/contract/schemas/courier-codes';
import { useCarrierDeposit } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { KioskAlert } from '../shared/kiosk-task';
import { kioskError, type KioskError } from './kiosk-error';
import { CarrierReturns } from './carrier-returns';
import { SizePicker } from './size-picker';

/**
 * A carrier's courier with the partner's code of the day (issue #33): the parcels the partner
 * pre-advised for this wall, one large button each; a parcel advised with a size opens a locker of
 * that size at once, one without asks for the size first. Its client's returns dropped off here
 * follow, to collect in the same round (docs/adr/0180).
 */
export function CarrierDeposit({
  code,
  carrier,
  onOpened,
}: {
  code: string;
  carrier: CarrierParcels;
  onOpened: (door: number, collected?: boolean) => void;
}) {
  const { t } = useKioskText();
  const deposit = useCarrierDeposit();
  const [sizing, setSizing] = useState<CarrierParcel | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const busy = deposit.isPending;

  const open = (p: CarrierParcel, size?: string) => {
    if (busy) return;
    setError(null);
    deposit.mutate(
      { accessCode: code, packageId: p.packageId, ...(size ? { size } : {}) },
      {
        onSuccess: (r) => onOpened(r.doorNumber),
        onError: (e) => setError(kioskError(e, 'wrongPin')),
      },
    );
  };
  const pick = (p: CarrierParcel) =>
    p.size && carrier.availableLockers[p.size] > 0 ? open(p) : setSizing(p);

  return (
    <>
      <p className="kiosk-lead">{t('deposit.hello', { name: carrier.carrierName })}</p>
      <KioskAlert error={error} />
      {deposit.isPending && <p className="kiosk-info">{t('opening')}</p>}
      {sizing ? (
        <>
          <p className="kiosk-lead">{sizing.packageId}</p>
          <SizePicker free={carrier.availableLockers} busy={busy} onPick={(s) => open(sizing, s)} />
        </>
      ) : carrier.parcels.length === 0 ? (
        <p className="kiosk-info" data-testid="kiosk-carrier-none">
          {t('deposit.noParcels')}
        </p>
      ) : (
        <>
          <p>{t('deposit.chooseParcel', { count: carrier.parcels.length })}</p>
          <div className="kiosk-parcels" data-testid="kiosk-carrier-parcels">
            {carrier.parcels.map((p) => (
              <button
                key={p.packageId}
                type="button"
                disabled={busy}
                onClick={() => pick(p)}
                data-testid={`kiosk-carrier-parcel-${p.packageId}`}
              >
                <strong>{p.packageId}</strong>
                <span>
                  {p.recipientNumber ? t('deposit.reference', { ref: p.recipientNumber }) : ''}
                  {p.size ? ` · ${t('deposit.size', { size: p.size })}` : ''}
                </span>
              </button>
            ))}
          </div>
        </>
      )}
      {!sizing && (
        <CarrierReturns code={code} returns={carrier.returns} onOpened={(door) => onOpened(door, true)} />
      )}
    </>
  );
}
