import { useCallback, useState } from 'react';
import type { PricePack, Rental } from '@cacifo/contract/schemas/marketplace';
import { useCancelRental, useExtendRental, useRentalCatalog } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import type { KioskError } from '../kiosk-error';
import { RentalCheckout } from './rental-checkout';
import { RentalPackButton } from './rental-pack-button';
import { latestTransaction, paymentState, rentalError } from './rental-format';
import { RentalWaiting } from './rental-waiting';

/**
 * More time for a running rental: a pack of the rental's own type, its price and a voucher, paid
 * like the rental (at once: an extension holds no deposit).
 */
export function RentalExtend({ rental, onExtended }: { rental: Rental; onExtended: (r: Rental) => void }) {
  const { t } = useKioskText();
  const catalog = useRentalCatalog();
  const extend = useExtendRental();
  const cancel = useCancelRental();
  const [pack, setPack] = useState<PricePack | null>(null);
  const [error, setError] = useState<KioskError | null>(null);
  const [waiting, setWaiting] = useState<{ txId: number; amount: number; deadline: string } | null>(null);
  const onLost = useCallback((e: KioskError) => {
    setWaiting(null);
    setError(e);
  }, []);
  const packs = catalog.data?.packs ?? [];
  const rentedType = packs.find((p) => p.id === rental.transactions[0]?.packId)?.type;
  const offered = packs.filter((p) => !rentedType || p.type === rentedType).sort((a, b) => a.hours - b.hours);

  if (waiting)
    return (
      <RentalWaiting
        rentalId={rental.id}
        transactionId={waiting.txId}
        amountCents={waiting.amount}
        deadline={waiting.deadline}
        onPaid={onExtended}
        onLost={onLost}
        onCancel={() =>
          cancel.mutate(rental.id, { onSettled: () => onLost({ key: 'errors.paymentCanceled' }) })
        }
      />
    );
  if (!pack)
    return (
      <fieldset className="rental-group">
        <legend>{t('rental.chooseTime')}</legend>
        <div className="rental-packs">
          {offered.map((p) => (
            <RentalPackButton
              key={p.id}
              pack={p}
              free={catalog.data?.freeMode ?? false}
              onChoose={() => setPack(p)}
            />
          ))}
        </div>
      </fieldset>
    );
  return (
    <RentalCheckout
      pack={pack}
      withDeposit={false}
      busy={extend.isPending}
      error={error}
      onPay={(order) => {
        setError(null);
        extend.mutate(
          {
            id: rental.id,
            packId: pack.id,
            ...(order.voucherCode ? { voucherCode: order.voucherCode } : {}),
            ...order.payment,
          },
          {
            onSuccess: (r) => {
              const tx = latestTransaction(r);
              if (paymentState(tx) !== 'waiting' || !tx) return onExtended(r);
              // The server's pending time for this payment (docs/adr/0222); it expires the request then.
              setWaiting({ txId: tx.id, amount: tx.totalCostCents, deadline: r.pendingUntil });
            },
            onError: (e) => setError(rentalError(e)),
          },
        );
      }}
    />
  );
}
