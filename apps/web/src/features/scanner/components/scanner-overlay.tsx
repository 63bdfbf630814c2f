import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { loadDecoder } from '../lib/decoders';
import type { ScanKind } from '../lib/scan-flow';
import './scanner-overlay.css';

/** SPEC §9: rear camera, 1280x720 by default, 300 ms between attempts. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};
const SCAN_DELAY_MS = 300;

type CameraProblem = 'denied' | 'noCamera' | 'unavailable';

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'unavailable';
}

interface Props {
  kind: ScanKind;
  onResult: (text: string) => void;
  onCancel: () => void;
}

/** Full-screen camera view with a crosshair and a cancel button; reads until one code is accepted. */
export function ScannerOverlay({ kind, onResult, onCancel }: Props) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const resultRef = useRef(onResult);
  useEffect(() => {
    resultRef.current = onResult;
  }, [onResult]);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stream: MediaStream | null = null;
    const canvas = document.createElement('canvas');

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no media devices', 'NotSupported');
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS),
        loadDecoder(kind),
      ]);
      stream = media;
      if (stopped) return;
      const video = videoRef.current!;
      video.srcObject = media;
      await video.play().catch(() => undefined);
      const attempt = async () => {
        if (stopped) return;
        if (video.videoWidth > 0) {
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          canvas.getContext('2d', { willReadFrequently: true })?.drawImage(video, 0, 0);
          const text = await decode(canvas);
          if (stopped) return;
          if (text) {
            stopped = true;
            resultRef.current(text);
            return;
          }
        }
        timer = setTimeout(() => void attempt(), SCAN_DELAY_MS);
      };
      void attempt();
    };
    start().catch((e: unknown) => {
      if (!stopped) setProblem(problemOf(e));
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [kind]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return createPortal(
    <div
      className="scanner-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t(`scanner.title.${kind}`)}
      data-testid="scanner-overlay"
    >
      <video ref={videoRef} className="scanner-video" muted playsInline autoPlay />
      <div className={`scanner-crosshair scanner-crosshair-${kind}`} aria-hidden="true">
        <span className="scanner-line" />
      </div>
      <div className="scanner-top">
        <Typography.Text className="scanner-hint">{t(`scanner.hint.${kind}`)}</Typography.Text>
      </div>
      {problem && (
        <div className="scanner-problem">
          <Alert type="error" showIcon title={t(`scanner.camera.${problem}`)} data-testid="scanner-problem" />
        </div>
      )}
      <div className="scanner-bottom">
        <Button size="large" icon={<CloseOutlined />} onClick={onCancel} data-testid="scanner-cancel">
          {t('scanner.cancel')}
        </Button>
      </div>
    </div>,
    document.body,
  );
}
