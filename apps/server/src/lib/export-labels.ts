import type { ExportLanguage } from '@cacifo/contract';

/*
 * Texts of the exported files (headers, code labels) in the language the operator reads the list
 * in. They are the web's own locale files, read as data (ADR 0080): a column is called in the file
 * what it is called on the screen, and a translation is written once.
 */
type Messages = Record<string, unknown>;

const load: Record<ExportLanguage, () => Promise<Messages[]>> = {
  pt: () =>
    Promise.all([
      import('../../../web/src/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/office/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/orders/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/marketplace/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/admins/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/assets/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/alerts/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/locations/locales/pt.json', { with: { type: 'json' } }),
      import('../../../web/src/features/clients/locales/pt.json', { with: { type: 'json' } }),
    ]).then((mods) => mods.map((m) => m.default as Messages)),
  en: () =>
    Promise.all([
      import('../../../web/src/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/office/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/orders/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/marketplace/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/admins/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/assets/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/alerts/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/locations/locales/en.json', { with: { type: 'json' } }),
      import('../../../web/src/features/clients/locales/en.json', { with: { type: 'json' } }),
    ]).then((mods) => mods.map((m) => m.default as Messages)),
};

/** The features' files add keys to the shared namespaces (errors, validation): merged, not replaced. */
function merge(into: Messages, from: Messages): Messages {
  for (const [k, v] of Object.entries(from)) {
    const here = into[k];
    into[k] =
      here && typeof here === 'object' && v && typeof v === 'object'
        ? merge({ ...(here as Messages) }, v as Messages)
        : v;
  }
  return into;
}

const cache = new Map<ExportLanguage, Promise<Messages>>();

/** The translation function of a language: a dotted key to its text (the key itself when missing). */
export async function exportLabels(language: ExportLanguage): Promise<(key: string) => string> {
  let messages = cache.get(language);
  if (!messages) {
    messages = load[language]().then((parts) => parts.reduce<Messages>((all, part) => merge(all, part), {}));
    cache.set(language, messages);
  }
  const all = await messages;
  return (key) => {
    let node: unknown = all;
    for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
    return typeof node === 'string' ? node : key;
  };
}
