/**
 * Translations come from the shared files (src/locales/{lng}.json) and from each feature's own
 * files (src/features/<area>/locales/{lng}.json), merged, so a feature adds its keys without
 * touching the shared ones. Features namespace their keys under their area name.
 */
export const LANGUAGES = ['pt', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** BCP 47 tag for `<html lang>` and Intl; `rtl` is a layout choice (customizer), not a language trait here. */
// One region per language, so every date and number of a language reads the same way: European
// Portuguese and British English (day before month, 24-hour clock), never the browser's own.
export const LANGUAGE_TAG: Record<Language, string> = { pt: 'pt-PT', en: 'en-GB' };

export type Messages = { [key: string]: string | Messages };

const loaders = import.meta.glob<Messages>(['../locales/*.json', '../features/*/locales/*.json'], {
  import: 'default',
});

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function deepMerge(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge(existing, value) : value;
  }
  return out;
}

/**
 * `core`: what the pages outside the shell need (shared texts and the login's own); `all`: every
 * feature too. The login page downloads only the core; the shell waits for the rest.
 */
export type MessageScope = 'core' | 'all';
const isCore = (path: string) => !path.includes('/features/') || path.includes('/features/auth/');

/** Every file of one language, shared first, features after (sorted so the result is stable). */
export async function loadMessages(lng: Language, scope: MessageScope = 'all'): Promise<Messages> {
  const paths = Object.keys(loaders)
    .filter((p) => p.endsWith(`/${lng}.json`) && (scope === 'all' || isCore(p)))
    .sort(
      (a, b) => Number(a.includes('/features/')) - Number(b.includes('/features/')) || a.localeCompare(b),
    );
  const files = await Promise.all(paths.map((p) => loaders[p]!()));
  return files.reduce<Messages>((acc, file) => deepMerge(acc, file), {});
}
