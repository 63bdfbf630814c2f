import { useCallback, useState } from 'react';
import type { Rental } from '@cacifo/contract/schemas/marketplace';
import { useFindRental } from '../../api/rental';
import { useKioskText } from '../../kiosk-text';
import { Keypad } from '../keypad';
import { QrCamera } from '../qr-camera';
import { rentalError } from './rental-format';

const PIN_DIGITS = 6;

/** The customer back at the wall: their rental's PIN on the pad, or its QR shown to the camera. */
export function RentalFind({ onFound }: { onFound: (rental: Rental) => void }) {
  const { t } = useKioskText();
  const find = useFindRental();
  const [pin, setPin] = useState('');
  const [camera, setCamera] = useState(false);
  const error = find.isError ? rentalError(find.error) : null;
  const send = useCallback(
    (body: { pin: string } | { qrCode: string }) => {
      if (find.isPending) return;
      find.mutate(body, {
        onSuccess: onFound,
        onError: () => {
          setPin('');
          setCamera(false);
        },
      });
    },
    [find, onFound],
  );
  const onQr = useCallback((qrCode: string) => send({ qrCode }), [send]);
  return (
    <>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {t(error.key, error.values)}
        </p>
      )}
      {camera ? (
        <QrCamera onRead={onQr} />
      ) : (
        <>
          <p className="kiosk-lead">{t('rental.enterPin')}</p>
          <Keypad
            value={pin}
            length={PIN_DIGITS}
            onChange={(v) => {
              find.reset();
              setPin(v);
            }}
            onSubmit={() => send({ pin })}
            busy={find.isPending}
            testId="rental-pin-pad"
          />
        </>
      )}
      <button
        type="button"
        className="kiosk-wide secondary"
        onClick={() => setCamera((c) => !c)}
        data-testid="rental-scan-qr"
      >
        {camera ? t('rental.typePin') : t('pickup.scanQr')}
      </button>
    </>
  );
}
