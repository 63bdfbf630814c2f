import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

// pdf.js (in unpdf) uses ArrayBuffer#transferToFixedLength, which Node has from 21 on; on Node 20 a
// copy does the same for a reader (the original is not used again).
if (!('transferToFixedLength' in ArrayBuffer.prototype)) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    value(this: ArrayBuffer, length = this.byteLength) {
      const out = new ArrayBuffer(length);
      new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return out;
    },
  });
}

/** A barcode read back from an image embedded in a PDF: its symbology and the text it carries. */
export interface ReadCode {
  format: 'CODE_128' | 'QR_CODE' | string;
  text: string;
}

/** Grey levels of an image as pdf.js decodes it (1, 3 or 4 channels). */
function luminance(img: { data: Uint8ClampedArray; width: number; height: number; channels: number }) {
  const out = new Uint8ClampedArray(img.width * img.height);
  for (let i = 0; i < out.length; i++) {
    const p = i * img.channels;
    out[i] =
      img.channels < 3
        ? img.data[p]!
        : Math.round(0.299 * img.data[p]! + 0.587 * img.data[p + 1]! + 0.114 * img.data[p + 2]!);
  }
  return out;
}

/**
 * ZXing's locator misses some generated QR codes now and then (which depends on the random code
 * drawn); a scanner app tries again the same way: the image as a pure barcode first, then the
 * local and the global binarizer. The value read must still be the one expected.
 */
function decodeAny(source: RGBLuminanceSource) {
  const formats = [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE];
  const attempts: Array<[boolean, (s: RGBLuminanceSource) => BinaryBitmap]> = [
    [true, (s) => new BinaryBitmap(new HybridBinarizer(s))],
    [false, (s) => new BinaryBitmap(new HybridBinarizer(s))],
    [false, (s) => new BinaryBitmap(new GlobalHistogramBinarizer(s))],
  ];
  let last: unknown;
  for (const [pure, bitmap] of attempts) {
    const hints = new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, formats],
      [DecodeHintType.TRY_HARDER, true],
      ...(pure ? ([[DecodeHintType.PURE_BARCODE, true]] as const) : []),
    ]);
    try {
      return new MultiFormatReader().decode(bitmap(source), hints);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/**
 * The text of a PDF (every page), its number of pages and every barcode its embedded images decode to, read the way a
 * scanner would (ZXing), not by trusting what the writer meant to draw.
 */
export async function readPdf(bytes: Buffer): Promise<{ text: string; codes: ReadCode[]; pages: number }> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  const codes: ReadCode[] = [];
  for (const img of await extractImages(doc, 1)) {
    const source = new RGBLuminanceSource(luminance(img), img.width, img.height);
    const result = decodeAny(source);
    codes.push({ format: BarcodeFormat[result.getBarcodeFormat()], text: result.getText() });
  }
  return { text, codes, pages: doc.numPages };
}
