import { useCallback, useEffect, useRef, useState } from 'react';
import { rentalsApi } from '@cacifo/contract/endpoints/rentals';
import { callEndpoint } from '@/lib/api-client';
import type { KioskRentReply, Rental } from '@cacifo/contract/schemas/marketplace';
import { useCancelRental, useRent, useRentalCatalog } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import type { KioskError } from '../kiosk-error';
import { KioskPanel, type KioskTaskScreenProps } from '../../shared/kiosk-task';
import { RentalCheckout, type RentalOrder } from './rental-checkout';
import { RentalChoose, type RentalChoice } from './rental-choose';
import { rentalError } from './rental-format';
import { RentalTicket } from './rental-ticket';
import { RentalWaiting } from './rental-waiting';
import './rental.css';

type Step =
  | { name: 'choose' }
  | { name: 'checkout'; choice: RentalChoice }
  | { name: 'waiting'; choice: RentalChoice; reply: KioskRentReply; amountCents: number }
  | { name: 'ticket'; rental: Rental; pin: string; qrCode: string };

/**
 * Renting a locker at the marketplace wall, as a passer-by: who for, size and time, the price with
 * VAT and the deposit, a voucher, the payment (MB WAY waits for the phone's approval), then the PIN
 * and QR on screen and the door opens.
 */
export function RentScreen({ onHome }: KioskTaskScreenProps) {
  const { t, language } = useKioskText();
  const catalog = useRentalCatalog();
  const rent = useRent();
  const cancel = useCancelRental();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<KioskError | null>(null);

  const pay = (choice: RentalChoice, order: RentalOrder) => {
    setError(null);
    rent.mutate(
      {
        packId: choice.pack.id,
        size: choice.size as 'XS' | 'S' | 'M' | 'L',
        language,
        ...(order.voucherCode ? { voucherCode: order.voucherCode } : {}),
        ...(order.email ? { email: order.email } : {}),
        ...order.payment,
      },
      {
        onSuccess: (reply) => {
          if (reply.status === 'active')
            setStep({ name: 'ticket', rental: reply, pin: reply.pin, qrCode: reply.qrCode });
          else setStep({ name: 'waiting', choice, reply, amountCents: order.quote.totalCostCents });
        },
        onError: (e) => {
          setError(rentalError(e));
          void catalog.refetch();
        },
      },
    );
  };
  const waiting = step.name === 'waiting' ? step : null;
  // Leaving while MB WAY waits (Back, or another task) gives the payment up and frees the locker.
  const unpaid = useRef<number | null>(null);
  const unpaidId = waiting ? waiting.reply.id : null;
  useEffect(() => {
    unpaid.current = unpaidId;
  }, [unpaidId]);
  useEffect(
    () => () => {
      const id = unpaid.current;
      if (id !== null) void callEndpoint(rentalsApi.cancel, { params: { id } }).catch(() => undefined);
    },
    [],
  );
  const onPaid = useCallback(
    (rental: Rental) =>
      waiting && setStep({ name: 'ticket', rental, pin: waiting.reply.pin, qrCode: waiting.reply.qrCode }),
    [waiting],
  );
  const onLost = useCallback(
    (e: KioskError) => {
      if (!waiting) return;
      setError(e);
      setStep({ name: 'checkout', choice: waiting.choice });
    },
    [waiting],
  );

  return (
    <KioskPanel title="rental.title" testId="rental-rent" onHome={onHome}>
      {catalog.isError && (
        <p className="kiosk-error" role="alert">
          {t(rentalError(catalog.error).key)}
        </p>
      )}
      {catalog.data && step.name === 'choose' && (
        <RentalChoose catalog={catalog.data} onChosen={(choice) => setStep({ name: 'checkout', choice })} />
      )}
      {step.name === 'checkout' && (
        <RentalCheckout
          pack={step.choice.pack}
          size={step.choice.size}
          withDeposit
          askEmail
          busy={rent.isPending}
          error={error}
          onPay={(order) => pay(step.choice, order)}
        />
      )}
      {waiting && (
        <RentalWaiting
          rentalId={waiting.reply.id}
          transactionId={waiting.reply.transactions[0]?.id ?? 0}
          amountCents={waiting.amountCents}
          deadline={waiting.reply.pendingUntil}
          onPaid={onPaid}
          onLost={onLost}
          onCancel={() =>
            cancel.mutate(waiting.reply.id, { onSettled: () => onLost({ key: 'errors.paymentCanceled' }) })
          }
        />
      )}
      {step.name === 'ticket' && (
        <RentalTicket rental={step.rental} pin={step.pin} qrCode={step.qrCode} onDone={onHome} />
      )}
    </KioskPanel>
  );
}
