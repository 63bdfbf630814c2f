import { useState } from 'react';
import type { CarrierParcels } from '@cacifo/contract/schemas/courier-codes';
import { useCarrierCollect } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { KioskAlert } from '../shared/kiosk-task';
import { kioskError, type KioskError } from './kiosk-error';

/**
 * The carrier's returns dropped off at this wall, collected by its courier in the same round
 * (docs/adr/0180): one large button each, with its door; touching it opens that door.
 */
export function CarrierReturns({
  code,
  returns,
  onOpened,
}: {
  code: string;
  returns: CarrierParcels['returns'];
  onOpened: (door: number) => void;
}) {
  const { t } = useKioskText();
  const collect = useCarrierCollect();
  const [error, setError] = useState<KioskError | null>(null);
  if (returns.length === 0) return null;
  const open = (packageId: string) => {
    if (collect.isPending) return;
    setError(null);
    collect.mutate(
      { accessCode: code, packageId },
      { onSuccess: (r) => onOpened(r.doorNumber), onError: (e) => setError(kioskError(e, 'wrongPin')) },
    );
  };
  return (
    <>
      <p>{t('deposit.returnsToCollect', { count: returns.length })}</p>
      <KioskAlert error={error} />
      <div className="kiosk-parcels" data-testid="kiosk-carrier-returns">
        {returns.map((r) => (
          <button
            key={r.packageId}
            type="button"
            disabled={collect.isPending}
            onClick={() => open(r.packageId)}
            data-testid={`kiosk-carrier-return-${r.packageId}`}
          >
            <strong>{r.packageId}</strong>
            <span>
              {t('deposit.returnDoor', { door: r.doorNumber })}
              {r.recipientNumber ? ` · ${t('deposit.reference', { ref: r.recipientNumber })}` : ''}
            </span>
          </button>
        ))}
      </div>
    </>
  );
}
