import { describe, expect, it } from 'vitest';
import * as contract from '@cacifo/contract';
import { APP_ROUTES, NAV_GROUPS, errorCodes } from '@cacifo/contract';
import { LANGUAGES, loadMessages, type Messages } from '@/lib/locales';
import validationSource from '../../../../packages/contract/src/validation.ts?raw';

// Every locale file as written, before merging: a key defined in two files is a twin whose wording
// depends on merge order (the web and the server's exports merge in different orders).
const localeFiles = import.meta.glob<Messages>(['./*.json', '../features/*/locales/*.json'], {
  import: 'default',
  eager: true,
});

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
  return [...new Set([...validationSource.matchAll(/'(validation\.[A-Za-z0-9_]+)'/g)].map((m) => m[1]!))];
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

describe('locales', async () => {
  const bundles = Object.fromEntries(
    await Promise.all(LANGUAGES.map(async (lng) => [lng, flatten(await loadMessages(lng))] as const)),
  );

  it('finds the contract tables it checks', () => {
    const namespaces = contractCodeTables().map((t) => t.namespace);
    expect(namespaces).toEqual(expect.arrayContaining(['orderState', 'lockerStatus', 'doorStatus', 'role']));
    expect(contractValidationKeys()).toContain('validation.phone');
  });

  it.each(LANGUAGES)('%s has every contract label, error code, validation key and route', (lng) => {
    const missing = requiredKeys().filter((key) => !bundles[lng]!.has(key));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s defines every key in one file only', (lng) => {
    const homes = new Map<string, string[]>();
    for (const [path, messages] of Object.entries(localeFiles)) {
      if (!path.endsWith(`/${lng}.json`)) continue;
      for (const key of flatten(messages).keys()) homes.set(key, [...(homes.get(key) ?? []), path]);
    }
    const twins = [...homes]
      .filter(([, paths]) => paths.length > 1)
      .map(([key, paths]) => `${key}: ${paths}`);
    expect(twins).toEqual([]);
  });

  it('pt and en have exactly the same keys', () => {
    const [a, b] = LANGUAGES.map((lng) => bundles[lng]!);
    const onlyA = [...a!.keys()].filter((k) => !b!.has(k));
    const onlyB = [...b!.keys()].filter((k) => !a!.has(k));
    expect({ onlyPt: onlyA, onlyEn: onlyB }).toEqual({ onlyPt: [], onlyEn: [] });
  });

  it.each(LANGUAGES)('%s has no empty texts', (lng) => {
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
