import type shared from '../locales/shared/pt.json';
import type admins from '../locales/admins/pt.json';
import type alerts from '../locales/alerts/pt.json';
import type assets from '../locales/assets/pt.json';
import type auth from '../locales/auth/pt.json';
import type clients from '../locales/clients/pt.json';
import type home from '../locales/home/pt.json';
import type integrations from '../locales/integrations/pt.json';
import type locations from '../locales/locations/pt.json';
import type marketplace from '../locales/marketplace/pt.json';
import type office from '../locales/office/pt.json';
import type orders from '../locales/orders/pt.json';
import type scanner from '../locales/scanner/pt.json';
import type serviceStatus from '../locales/service-status/pt.json';
import type voice from '../locales/voice/pt.json';

/**
 * The back-office's texts, in Portuguese and English: one folder per area under `locales/`
 * (`shared`: the shell, `nav.*`, `navGroup.*`, every contract code table, `errors.*`,
 * `validation.*`; each feature's folder: its keys, under a top-level key named after it). The web
 * shows them and the server writes them into exported files, both from here (docs/adr/0230).
 */
export const TEXT_LANGUAGES = ['pt', 'en'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** A text tree as the files hold it. */
export type Messages = { [key: string]: string | Messages };

/**
 * Every key, typed from the Portuguese files (the web's i18next keys are these; the locale test
 * holds English to the same keys). An area that adds a folder adds its `typeof` here.
 */
export type BackOfficeTexts = typeof shared &
  typeof admins &
  typeof alerts &
  typeof assets &
  typeof auth &
  typeof clients &
  typeof home &
  typeof integrations &
  typeof locations &
  typeof marketplace &
  typeof office &
  typeof orders &
  typeof scanner &
  typeof serviceStatus &
  typeof voice;

type Loader = () => Promise<{ default: Messages }>;

// Written out, not globbed: the web's bundler (each file its own lazily loaded chunk), the server's
// bundler and Node under tsx all follow a literal import, and a file nobody lists fails the test.
const FILES = {
  shared: {
    pt: () => import('../locales/shared/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/shared/en.json', { with: { type: 'json' } }),
  },
  admins: {
    pt: () => import('../locales/admins/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/admins/en.json', { with: { type: 'json' } }),
  },
  alerts: {
    pt: () => import('../locales/alerts/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/alerts/en.json', { with: { type: 'json' } }),
  },
  assets: {
    pt: () => import('../locales/assets/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/assets/en.json', { with: { type: 'json' } }),
  },
  auth: {
    pt: () => import('../locales/auth/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/auth/en.json', { with: { type: 'json' } }),
  },
  clients: {
    pt: () => import('../locales/clients/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/clients/en.json', { with: { type: 'json' } }),
  },
  home: {
    pt: () => import('../locales/home/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/home/en.json', { with: { type: 'json' } }),
  },
  integrations: {
    pt: () => import('../locales/integrations/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/integrations/en.json', { with: { type: 'json' } }),
  },
  locations: {
    pt: () => import('../locales/locations/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/locations/en.json', { with: { type: 'json' } }),
  },
  marketplace: {
    pt: () => import('../locales/marketplace/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/marketplace/en.json', { with: { type: 'json' } }),
  },
  office: {
    pt: () => import('../locales/office/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/office/en.json', { with: { type: 'json' } }),
  },
  orders: {
    pt: () => import('../locales/orders/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/orders/en.json', { with: { type: 'json' } }),
  },
  scanner: {
    pt: () => import('../locales/scanner/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/scanner/en.json', { with: { type: 'json' } }),
  },
  'service-status': {
    pt: () => import('../locales/service-status/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/service-status/en.json', { with: { type: 'json' } }),
  },
  voice: {
    pt: () => import('../locales/voice/pt.json', { with: { type: 'json' } }),
    en: () => import('../locales/voice/en.json', { with: { type: 'json' } }),
  },
} satisfies Record<string, Record<TextLanguage, Loader>>;

/** An area: a folder of `locales/`. */
export type TextArea = keyof typeof FILES;
/** Every area, `shared` first. */
export const TEXT_AREAS: readonly TextArea[] = [
  'shared',
  'admins',
  'alerts',
  'assets',
  'auth',
  'clients',
  'home',
  'integrations',
  'locations',
  'marketplace',
  'office',
  'orders',
  'scanner',
  'service-status',
  'voice',
];

/** One area's file of one language, as written. */
export async function loadTextFile(area: TextArea, lng: TextLanguage): Promise<Messages> {
  return (await FILES[area][lng]()).default;
}

/** Areas add keys to the shared namespaces (errors, validation): merged, not replaced. */
function deepMerge(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return out;
}

/**
 * The texts of one language from the given areas (every area when none are named), merged in the
 * order of TEXT_AREAS. The order changes no text: no key is defined in two files (the locale test).
 */
export async function loadTexts(
  lng: TextLanguage,
  areas: readonly TextArea[] = TEXT_AREAS,
): Promise<Messages> {
  const wanted = TEXT_AREAS.filter((area) => areas.includes(area));
  const files = await Promise.all(wanted.map((area) => loadTextFile(area, lng)));
  return files.reduce<Messages>((all, file) => deepMerge(all, file), {});
}

/** The text at a dotted key, or undefined when the key names no text. */
export function textAt(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}
