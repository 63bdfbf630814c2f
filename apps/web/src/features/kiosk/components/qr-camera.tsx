import { useEffect, useRef, useState } from 'react';
import { useKioskText } from '../kiosk-text';

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type NativeDetectorClass = new (o: { formats: string[] }) => NativeDetector;

/**
 * The kiosk's camera reading a pickup QR: the browser's BarcodeDetector when it has one, jsQR on
 * the frame otherwise (loaded only when the camera opens). Reads a frame every 300 ms.
 */
export function QrCamera({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useKioskText();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(t('camera.none'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      } catch {
        setError(t('camera.denied'));
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
      const native = Native ? new Native({ formats: ['qr_code'] }) : null;
      const jsQR = native ? null : (await import('jsqr')).default;
      timer = setInterval(() => {
        const v = video.current;
        if (!v || v.videoWidth === 0) return;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return;
        ctx.drawImage(v, 0, 0);
        const found = native
          ? native.detect(canvas).then((r) => r[0]?.rawValue ?? null)
          : Promise.resolve(
              jsQR!(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height)
                ?.data ?? null,
            );
        void found.then((text) => {
          if (text && !stopped) {
            stopped = true;
            onRead(text.trim());
          }
        });
      }, 300);
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [onRead, t]);
  return (
    <div className="kiosk-camera" data-testid="kiosk-camera">
      {error ? <p className="kiosk-error">{error}</p> : <video ref={video} muted playsInline />}
      <p>{t('pickup.scanHint')}</p>
    </div>
  );
}
