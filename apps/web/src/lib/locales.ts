import { loadTexts, TEXT_LANGUAGES, type Messages, type TextArea } from '@cacifo/texts';

/**
 * Translations come from @cacifo/texts (packages/texts/locales/<area>/{lng}.json): the shared
 * texts and each feature's own, merged, so a feature adds its keys without touching the shared
 * ones. Features namespace their keys under their area name.
 */
export const LANGUAGES = TEXT_LANGUAGES;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** BCP 47 tag for `<html lang>` and Intl; `rtl` is a layout choice (customizer), not a language trait here. */
// One region per language, so every date and number of a language reads the same way: European
// Portuguese and British English (day before month, 24-hour clock), never the browser's own.
export const LANGUAGE_TAG: Record<Language, string> = { pt: 'pt-PT', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * `core`: what the pages outside the shell need (shared texts and the login's own); `all`: every
 * feature too. The login page downloads only the core; the shell waits for the rest.
 */
export type MessageScope = 'core' | 'all';
const CORE_AREAS: readonly TextArea[] = ['shared', 'auth'];

/** Every file of one language (of the core areas only for `core`), merged. */
export function loadMessages(lng: Language, scope: MessageScope = 'all'): Promise<Messages> {
  return loadTexts(lng, scope === 'core' ? CORE_AREAS : undefined);
}
