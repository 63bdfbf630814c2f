import { acceptBarcode, type ScanKind } from './scan-flow';

/** One decoder per scan kind: takes the current video frame, answers the text read or null. */
export type FrameDecoder = (canvas: HTMLCanvasElement) => Promise<string | null>;

/** Code 128 only (SPEC §9), through Quagga2; loaded when the scanner first opens. */
async function barcodeDecoder(): Promise<FrameDecoder> {
  const { default: Quagga } = await import('@ericblade/quagga2');
  return async (canvas) => {
    const result = await Quagga.decodeSingle({
      src: canvas.toDataURL('image/jpeg', 0.92),
      numOfWorkers: 0,
      locate: true,
      inputStream: { size: 800, singleChannel: false },
      decoder: { readers: ['code_128_reader'], multiple: false },
    }).catch(() => undefined);
    const code = result?.codeResult?.code;
    return acceptBarcode(code, result?.codeResult?.decodedCodes ?? []) ? code!.trim() : null;
  };
}

interface NativeBarcodeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type NativeBarcodeDetectorClass = (new (options: { formats: string[] }) => NativeBarcodeDetector) & {
  getSupportedFormats?: () => Promise<string[]>;
};

/** QR: the browser's BarcodeDetector when it knows qr_code, otherwise jsQR on the pixels. */
async function qrDecoder(): Promise<FrameDecoder> {
  const Native = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  const formats = Native?.getSupportedFormats ? await Native.getSupportedFormats().catch(() => []) : [];
  if (Native && formats.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (canvas) => {
      const found = await detector.detect(canvas).catch(() => []);
      return found[0]?.rawValue.trim() || null;
    };
  }
  const { default: jsQR } = await import('jsqr');
  return (canvas) => {
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return Promise.resolve(null);
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
    return Promise.resolve(found?.data.trim() || null);
  };
}

export function loadDecoder(kind: ScanKind): Promise<FrameDecoder> {
  return kind === 'barcode' ? barcodeDecoder() : qrDecoder();
}
