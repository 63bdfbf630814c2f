import { useState } from 'react';
import { COURIER_ACCESS_CODE_DIGITS, type CarrierParcels } from '@cacifo/contract/schemas/courier-codes';
import { useCarrierParcels, useCourier } from '../api/kiosk';
import { useKioskText } from '../kiosk-text';
import { KioskOpened } from '../shared/kiosk-opened';
import { KioskAlert, KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';
import { CarrierDeposit } from './carrier-deposit';
import { CourierDeposit } from './courier-deposit';
import { Keypad } from './keypad';
import { kioskError, type KioskError } from './kiosk-error';

/** A courier's staff PIN (ADR 0004). */
const PIN_DIGITS = 4;

type Who =
  | { kind: 'courier'; name: string }
  | {
      kind: 'carrier';
      carrier: CarrierParcels;
      /** The door just opened, shown until "another"; `collected` when it was a return's. */
      door?: number;
      collected?: boolean;
    };

/**
 * A deposit at the wall. One pad takes a courier's 4-digit staff PIN or a carrier's 8-digit code of
 * the day (docs/partners.md: the partner gives it to its courier); the length says which. The code
 * stays in this screen's memory only until it closes (Back, Done, or 30 s idle).
 */
export function DepositScreen({ onOpened, onHome }: KioskTaskScreenProps) {
  const { t } = useKioskText();
  const courier = useCourier();
  const carrierParcels = useCarrierParcels();
  const [code, setCode] = useState('');
  const [who, setWho] = useState<Who | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const busy = courier.isPending || carrierParcels.isPending;
  const fail = (e: unknown) => {
    setCode('');
    setWho(null);
    setError(kioskError(e, 'wrongPin'));
  };
  const carrier = () =>
    carrierParcels.mutate(code, { onSuccess: (r) => setWho({ kind: 'carrier', carrier: r }), onError: fail });
  const identify = () => {
    if (busy) return;
    setError(null);
    if (code.length === COURIER_ACCESS_CODE_DIGITS) carrier();
    else
      courier.mutate(code, {
        onSuccess: (r) => setWho({ kind: 'courier', name: r.courierName }),
        onError: fail,
      });
  };

  // A carrier's courier usually brings several parcels: after each door, the list again.
  if (who?.kind === 'carrier' && who.door !== undefined) {
    return (
      <KioskOpened
        doors={[who.door]}
        step={who.collected ? 'door.takeReturn' : 'door.putParcel'}
        onDone={onHome}
        more={{ label: t('deposit.another'), onMore: carrier }}
      />
    );
  }
  return (
    <KioskPanel title="deposit.title" testId="kiosk-deposit" onHome={onHome}>
      {!who && (
        <>
          <KioskAlert error={error} />
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
            onSubmit={identify}
            busy={busy}
            testId="kiosk-courier-pad"
          />
          <p className="kiosk-hint">{t('deposit.codeHint')}</p>
        </>
      )}
      {who?.kind === 'courier' && (
        <CourierDeposit pin={code} name={who.name} onOpened={(door) => onOpened([door])} />
      )}
      {who?.kind === 'carrier' && (
        <CarrierDeposit
          code={code}
          carrier={who.carrier}
          onOpened={(door, collected) => setWho({ ...who, door, collected: collected === true })}
        />
      )}
    </KioskPanel>
  );
}
