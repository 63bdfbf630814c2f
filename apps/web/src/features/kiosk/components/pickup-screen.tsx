import { useCallback, useState } from 'react';
import { useKioskText } from '../kiosk-text';
import { usePickupOrWall } from '../offline/use-pickup-or-wall';
import { Keypad } from './keypad';
import { kioskError, type KioskError } from './kiosk-error';
import { QrCamera } from './qr-camera';
import { KioskPanel, type KioskTaskScreenProps } from '../shared/kiosk-task';

const PICKUP_DIGITS = 6;

/**
 * The recipient's pickup: the SMS code on the pad, or the QR shown to the camera; at the wall's
 * controller when the server cannot be reached (ADR 0160).
 */
export function PickupScreen({ placeId, onOpened, onHome }: KioskTaskScreenProps) {
  const { t, language } = useKioskText();
  const pickup = usePickupOrWall(language);
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [error, setError] = useState<KioskError | null>(null);

  const send = useCallback(
    (body: { pin?: string; qrCode?: string }) => {
      if (pickup.isPending) return;
      setError(null);
      pickup.mutate(
        { placeId, ...body },
        {
          onSuccess: onOpened,
          onError: (e) => {
            setCode('');
            setCamera(false);
            setError(kioskError(e, 'wrongCode'));
          },
        },
      );
    },
    [pickup, placeId, onOpened],
  );
  const onQr = useCallback((qrCode: string) => send({ qrCode }), [send]);

  return (
    <KioskPanel title="pickup.title" testId="kiosk-pickup" onHome={onHome}>
      {error && (
        <p className="kiosk-error" role="alert" data-testid="kiosk-error">
          {error.text ?? t(error.key, error.values)}
        </p>
      )}
      {pickup.isPending && <p className="kiosk-info">{t('opening')}</p>}
      {camera ? (
        <QrCamera onRead={onQr} />
      ) : (
        <>
          <p className="kiosk-lead">{t('pickup.enterCode')}</p>
          <Keypad
            value={code}
            length={PICKUP_DIGITS}
            onChange={(v) => {
              setError(null);
              setCode(v);
            }}
            onSubmit={() => send({ pin: code })}
            busy={pickup.isPending}
            testId="kiosk-pickup-pad"
          />
        </>
      )}
      <button
        type="button"
        className="kiosk-wide secondary"
        onClick={() => setCamera((c) => !c)}
        data-testid="kiosk-scan-qr"
      >
        {camera ? t('back') : t('pickup.scanQr')}
      </button>
    </KioskPanel>
  );
}
