import { useEffect, useState } from 'react';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useRentalPoll } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import type { KioskError } from '../kiosk-error';
import { euros, paymentState } from './rental-format';
import { useKeepAwake } from './use-keep-awake';

/** mm:ss of what is left. */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * MB WAY: the request is on the customer's phone. The screen counts down the time the payment may
 * take and asks the server how it stands every two seconds, until it is paid, refused or expired;
 * meanwhile it does not go back to the start.
 */
export function RentalWaiting({
  rentalId,
  transactionId,
  amountCents,
  deadline,
  onPaid,
  onLost,
  onCancel,
}: {
  rentalId: number;
  transactionId: number;
  amountCents: number;
  /** When the payment expires (the rental's pending time). */
  deadline: string;
  onPaid: (rental: Rental) => void;
  onLost: (error: KioskError) => void;
  /** Gives the payment up: a first one frees the locker, an extension or overtime leaves the rental running. */
  onCancel?: () => void;
}) {
  const { t, language } = useKioskText();
  const poll = useRentalPoll(rentalId, true);
  const [now, setNow] = useState(() => Date.now());
  useKeepAwake(true);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const rental = poll.data;
    if (!rental) return;
    const state = paymentState(rental.transactions.find((x) => x.id === transactionId));
    if (state === 'done') onPaid(rental);
    else if (state !== 'waiting') onLost(state);
  }, [poll.data, transactionId, onPaid, onLost]);
  return (
    <section className="rental-waiting" data-testid="rental-waiting">
      <svg className="rental-phone" viewBox="-3 -3 70 106" aria-hidden="true">
        <rect x="4" y="2" width="56" height="96" rx="10" fill="none" stroke="currentColor" strokeWidth="5" />
        <rect x="12" y="14" width="40" height="64" rx="3" fill="currentColor" opacity="0.15" />
        <circle cx="32" cy="88" r="4" fill="currentColor" />
      </svg>
      <p className="kiosk-lead">{t('rental.waiting', { amount: euros(amountCents, language) })}</p>
      <p className="rental-countdown" role="timer" data-testid="rental-countdown">
        {t('rental.timeLeft', { time: clock(Date.parse(deadline) - now) })}
      </p>
      {onCancel && (
        <button
          type="button"
          className="secondary kiosk-wide"
          onClick={onCancel}
          data-testid="rental-cancel-payment"
        >
          {t('rental.cancelPayment')}
        </button>
      )}
    </section>
  );
}
