import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';
import { FULL_CHROMIUM } from './browser';

const WIDTH = 1280;
const HEIGHT = 720;
const WHITE = 235;
const BLACK = 16;

/**
 * A Y4M clip (what Chromium's `--use-file-for-fake-video-capture` plays in a loop) showing one Code
 * 128 label, black bars on white, centred: bwip-js encodes the symbol (its bar/space widths), and the
 * frames are drawn straight into the luma plane, so no image tool is needed.
 */
export function writeCode128Clip(text: string, path: string, frames = 3): void {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no bar widths');
  const module = 4;
  const barsWidth = symbol.sbs.reduce((a, b) => a + b, 0) * module;
  const left = Math.floor((WIDTH - barsWidth) / 2);
  const row = new Uint8Array(WIDTH).fill(WHITE);
  let x = left;
  symbol.sbs.forEach((width, i) => {
    // Even entries are bars, odd ones spaces.
    if (i % 2 === 0) row.fill(BLACK, x, x + width * module);
    x += width * module;
  });
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  for (let y = Math.floor(HEIGHT * 0.3); y < Math.floor(HEIGHT * 0.7); y++) luma.set(row, y * WIDTH);
  writeClip(luma, path, frames);
}

/** The same for a QR code (what the QR scanner icon reads): bwip-js's module matrix, scaled up. */
export function writeQrClip(text: string, path: string, frames = 3): void {
  const [symbol] = bwipjs.raw({ bcid: 'qrcode', text });
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js gave no QR matrix');
  const module = 12;
  const left = Math.floor((WIDTH - symbol.pixx * module) / 2);
  const top = Math.floor((HEIGHT - symbol.pixy * module) / 2);
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  for (let my = 0; my < symbol.pixy; my++)
    for (let mx = 0; mx < symbol.pixx; mx++) {
      if (!symbol.pixs[my * symbol.pixx + mx]) continue;
      for (let y = 0; y < module; y++) {
        const start = (top + my * module + y) * WIDTH + left + mx * module;
        luma.fill(BLACK, start, start + module);
      }
    }
  writeClip(luma, path, frames);
}

function writeClip(luma: Uint8Array, path: string, frames: number): void {
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Chromium launch options (the harness's flags plus a fake camera playing `clip`, no prompt). */
export function fakeCameraLaunchOptions(clip: string) {
  return {
    executablePath: FULL_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  };
}
