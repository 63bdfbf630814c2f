import { useCallback, useState } from 'react';
import type { TOptions } from 'i18next';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useCancelRental, useEndRental, useOpenRental } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import type { KioskError } from '../kiosk-error';
import { endTime, euros, rentalError } from './rental-format';
import { RentalWaiting } from './rental-waiting';

export interface RentalNote {
  key: string;
  values?: TOptions;
}

/**
 * A customer's running rental: its locker and until when, and what they can do with it: open the
 * door again, buy more time, or end it (asked once more: the door opens and the locker is freed).
 */
export function RentalManage({
  rental,
  note,
  onNote,
  onExtend,
  onEnded,
}: {
  rental: Rental;
  note: RentalNote | null;
  onNote: (note: RentalNote) => void;
  onExtend: () => void;
  onEnded: (rental: Rental) => void;
}) {
  const { t, language } = useKioskText();
  const open = useOpenRental();
  const end = useEndRental();
  const cancel = useCancelRental();
  const [confirming, setConfirming] = useState(false);
  // An MB WAY rental ended late: its overtime request waits on the phone (docs/adr/0220).
  const [owing, setOwing] = useState<Rental | null>(null);
  const [lost, setLost] = useState<KioskError | null>(null);
  const failed = open.error ?? end.error;
  const error = lost ?? (failed ? rentalError(failed) : null);
  const ended = (r: Rental) => {
    setConfirming(false);
    if (r.status === 'ended') return onEnded(r);
    setOwing(r);
  };
  const onLost = useCallback((e: KioskError) => {
    setOwing(null);
    setLost(e);
  }, []);
  const onPaid = useCallback(() => {
    setOwing(null);
    end.mutate(rental.id, { onSuccess: onEnded });
  }, [end, rental.id, onEnded]);
  const overtime = owing?.transactions.find((x) => x.kind === 'overtime' && x.status === 'pending');
  if (owing && overtime)
    return (
      <section className="rental-manage" data-testid="rental-overtime">
        <p className="kiosk-lead">
          {t('rental.overtimeDue', { amount: euros(overtime.totalCostCents, language) })}
        </p>
        <RentalWaiting
          rentalId={rental.id}
          transactionId={overtime.id}
          amountCents={overtime.totalCostCents}
          deadline={owing.pendingUntil}
          onPaid={onPaid}
          onLost={onLost}
          onCancel={() =>
            cancel.mutate(rental.id, { onSettled: () => onLost({ key: 'errors.paymentCanceled' }) })
          }
        />
      </section>
    );
  const busy = open.isPending || end.isPending;
  const active = rental.status === 'active';
  return (
    <section className="rental-manage" data-testid="rental-manage">
      <div className="kiosk-door" aria-hidden="true">
        {rental.doorNumber}
      </div>
      <h2>{t('rental.door', { door: rental.doorNumber })}</h2>
      {active && (
        <p className="kiosk-lead" data-testid="rental-until">
          {t('rental.until', { time: endTime(rental.endsAt, language) })}
        </p>
      )}
      {rental.overdue && <p className="kiosk-error">{t('rental.overtime')}</p>}
      {!active && <p className="kiosk-error">{t('rental.pendingPayment')}</p>}
      {note && !error && (
        <p className="kiosk-info" role="status" data-testid="rental-note">
          {t(note.key, note.values)}
        </p>
      )}
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {busy && <p className="kiosk-info">{t('opening')}</p>}
      {active && !confirming && (
        <div className="rental-actions">
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() =>
              open.mutate(rental.id, {
                onSuccess: () => onNote({ key: 'rental.opened', values: { door: rental.doorNumber } }),
              })
            }
            data-testid="rental-open"
          >
            {t('rental.open')}
          </button>
          <button type="button" disabled={busy} onClick={onExtend} data-testid="rental-extend">
            {t('rental.extend')}
          </button>
          <button type="button" disabled={busy} onClick={() => setConfirming(true)} data-testid="rental-end">
            {t('rental.end')}
          </button>
        </div>
      )}
      {confirming && (
        <div className="rental-confirm">
          <p className="kiosk-lead">{t('rental.endConfirm')}</p>
          <div className="rental-actions">
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() => {
                setLost(null);
                end.mutate(rental.id, { onSuccess: ended, onSettled: () => setConfirming(false) });
              }}
              data-testid="rental-end-confirm"
            >
              {t('rental.endYes')}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
