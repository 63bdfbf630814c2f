import { writeFileSync } from 'node:fs';
import bwipjs from 'bwip-js/node';

const WIDTH = 1280;
const HEIGHT = 720;

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
  const top = Math.floor(HEIGHT * 0.3);
  const bottom = Math.floor(HEIGHT * 0.7);
  const row = new Uint8Array(WIDTH).fill(235);
  let x = left;
  symbol.sbs.forEach((width, i) => {
    // Even entries are bars, odd ones spaces.
    if (i % 2 === 0) row.fill(16, x, x + width * module);
    x += width * module;
  });
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(235);
  for (let y = top; y < bottom; y++) luma.set(row, y * WIDTH);
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
