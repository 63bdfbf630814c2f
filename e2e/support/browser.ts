/**
 * The browser the suite drives: Debian's Chromium headless shell (package chromium-headless-shell),
 * the build Playwright itself runs headless tests in. It has no browser UI and no GPU process to
 * feed: about a sixth less time than the full browser on two cores. Playwright never downloads a
 * browser here. CHROMIUM_PATH picks another (the full /usr/bin/chromium works too).
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The full browser, for the specs that show a fake camera a barcode (support/fake-camera.ts): in the
 * headless shell the navbar scanner read the QR label but never the Code 128 one (scanner.spec).
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
