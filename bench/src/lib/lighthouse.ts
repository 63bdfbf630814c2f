import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './web-browser.js';

export interface LighthouseFigure {
  path: string;
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** The elements that moved, largest shift first (Lighthouse's layout-shifts audit). */
  shifts?: Array<{ score: number; element: string }>;
  error?: string;
}

type ShiftItem = { score?: number; node?: { selector?: string; snippet?: string } };

/**
 * Lighthouse desktop preset in Debian's Chromium. Signed-in pages get the `auth` entry written
 * first through the same browser (CDP), and Lighthouse is told not to clear storage.
 */
export async function runLighthouse(
  url: string,
  path: string,
  auth: object | null,
): Promise<LighthouseFigure> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    if (auth) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${url}/login`);
      await page.evaluate((v) => localStorage.setItem('auth', JSON.stringify(v)), auth);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      url + path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: !!auth,
      },
      desktopConfig,
    );
    const lhr = result?.lhr;
    const num = (id: string) => (lhr?.audits[id]?.numericValue ?? null) as number | null;
    return {
      path,
      performance:
        lhr?.categories.performance?.score == null
          ? null
          : Math.round(lhr.categories.performance.score * 100),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      shifts: ((lhr?.audits['layout-shifts']?.details as { items?: ShiftItem[] } | undefined)?.items ?? [])
        .slice(0, 5)
        .map((i) => ({
          score: +(i.score ?? 0).toFixed(3),
          element: `${i.node?.selector ?? '?'} ${i.node?.snippet ?? ''}`.slice(0, 200),
        })),
      ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } catch (err) {
    return {
      path,
      performance: null,
      fcpMs: null,
      lcpMs: null,
      tbtMs: null,
      cls: null,
      error: (err as Error).message.slice(0, 300),
    };
  } finally {
    chrome.kill();
  }
}
