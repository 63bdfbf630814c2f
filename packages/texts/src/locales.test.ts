import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as contract from '@cacifo/contract';
import { APP_ROUTES, NAV_GROUPS, errorCodes } from '@cacifo/contract';
import { loadTexts, TEXT_AREAS, TEXT_LANGUAGES, type Messages } from './locales.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(join(packageDir, path), 'utf8')) as Messages;

/** Every back-office file on disk, as written, before merging: `locales/<area>/<lng>.json`. */
function localeFiles(): { area: string; lng: string; path: string }[] {
  return readdirSync(join(packageDir, 'locales')).flatMap((area) =>
    readdirSync(join(packageDir, 'locales', area))
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ area, lng: name.replace(/\.json$/, ''), path: `locales/${area}/${name}` })),
  );
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

interface CodeTableLike {
  namespace: string;
  values: readonly (string | number)[];
  labelKey(code: string | number): string;
}

/** Every `defineCodes` table the contract exports, found by shape so new tables are covered too. */
function contractCodeTables(): CodeTableLike[] {
  return (Object.values(contract) as unknown[]).filter(
    (v): v is CodeTableLike =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as CodeTableLike).namespace === 'string' &&
      typeof (v as CodeTableLike).labelKey === 'function' &&
      Array.isArray((v as CodeTableLike).values),
  );
}

/** The message keys the contract's zod rules use; the server sends them back as field errors. */
function contractValidationKeys(): string[] {
  const index = createRequire(import.meta.url).resolve('@cacifo/contract');
  const source = readFileSync(join(dirname(index), 'validation.ts'), 'utf8');
  return [...new Set([...source.matchAll(/'(validation\.[A-Za-z0-9_]+)'/g)].map((m) => m[1]!))];
}

function requiredKeys(): string[] {
  return [
    ...contractCodeTables().flatMap((table) => table.values.map((code) => table.labelKey(code))),
    ...errorCodes.map((code) => `errors.${code}`),
    ...contractValidationKeys(),
    ...APP_ROUTES.map((r) => `nav.${r.id}`),
    ...NAV_GROUPS.map((g) => `navGroup.${g}`),
  ];
}

describe('the back-office texts', async () => {
  const bundles = Object.fromEntries(
    await Promise.all(TEXT_LANGUAGES.map(async (lng) => [lng, flatten(await loadTexts(lng))] as const)),
  );

  it('load every file on disk, and only those', () => {
    const onDisk = localeFiles();
    expect(new Set(onDisk.map((f) => f.area))).toEqual(new Set(TEXT_AREAS));
    for (const area of TEXT_AREAS) {
      const languages = onDisk.filter((f) => f.area === area).map((f) => f.lng);
      expect(languages.sort(), area).toEqual([...TEXT_LANGUAGES].sort());
    }
  });

  it('finds the contract tables it checks', () => {
    const namespaces = contractCodeTables().map((t) => t.namespace);
    expect(namespaces).toEqual(expect.arrayContaining(['orderState', 'lockerStatus', 'doorStatus', 'role']));
    expect(contractValidationKeys()).toContain('validation.phone');
  });

  it.each(TEXT_LANGUAGES)('%s has every contract label, error code, validation key and route', (lng) => {
    const missing = requiredKeys().filter((key) => !bundles[lng]!.has(key));
    expect(missing).toEqual([]);
  });

  // A key defined in two files is a twin whose wording would depend on the order of the merge.
  it.each(TEXT_LANGUAGES)('%s defines every key in one file only', (lng) => {
    const homes = new Map<string, string[]>();
    for (const { lng: fileLng, path } of localeFiles()) {
      if (fileLng !== lng) continue;
      for (const key of flatten(readJson(path)).keys()) homes.set(key, [...(homes.get(key) ?? []), path]);
    }
    const twins = [...homes]
      .filter(([, paths]) => paths.length > 1)
      .map(([key, paths]) => `${key}: ${paths.join(', ')}`);
    expect(twins).toEqual([]);
  });

  it('pt and en have exactly the same keys', () => {
    const [a, b] = TEXT_LANGUAGES.map((lng) => bundles[lng]!);
    const onlyA = [...a!.keys()].filter((k) => !b!.has(k));
    const onlyB = [...b!.keys()].filter((k) => !a!.has(k));
    expect({ onlyPt: onlyA, onlyEn: onlyB }).toEqual({ onlyPt: [], onlyEn: [] });
  });

  it.each(TEXT_LANGUAGES)('%s has no empty texts', (lng) => {
    const empty = [...bundles[lng]!].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const pt = bundles.pt!;
    const en = bundles.en!;
    const mismatched = [...pt.keys()].filter(
      (k) => en.has(k) && JSON.stringify(vars(pt.get(k)!)) !== JSON.stringify(vars(en.get(k)!)),
    );
    expect(mismatched).toEqual([]);
  });
});

/** Every wall speaks pt, en, es and fr completely (#33): a key missing in one language fails here. */
describe('the kiosk texts', () => {
  it.each(['kiosk', 'kiosk/rental'])('have the same keys in the four languages (%s)', (dir) => {
    const keys = (lng: string) => [...flatten(readJson(`${dir}/${lng}.json`)).keys()].sort();
    const pt = keys('pt');
    for (const lng of ['en', 'es', 'fr']) expect(keys(lng), lng).toEqual(pt);
  });
});
