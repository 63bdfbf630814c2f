import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_TAG,
  loadMessages,
  type Language,
  type MessageScope,
} from './locales';
import { readStorage, writeStorage } from './store';

export const I18N_STORAGE_KEY = 'i18n';

export const i18n = i18next.createInstance();

function storedLanguage(): Language {
  return (
    readStorage(I18N_STORAGE_KEY, (raw) => {
      const lng = (raw as { language?: unknown } | null)?.language;
      return isLanguage(lng) ? lng : null;
    }) ?? DEFAULT_LANGUAGE
  );
}

const loading = new Map<string, Promise<void>>();
/** Once the shell asked for every feature's texts, a language switch loads them all too. */
let wantedScope: MessageScope = 'core';

function ensureLoaded(lng: Language, scope: MessageScope = wantedScope): Promise<void> {
  const key = `${lng}:${scope}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loadMessages(lng, scope).then((messages) => {
      i18n.addResourceBundle(lng, 'translation', messages, true, true);
    });
    loading.set(key, promise);
  }
  return promise;
}

/**
 * Every feature's texts in the current language; the shell suspends on it (React `use`) before its
 * first render. The same promise comes back while the language stays, so `use` settles at once.
 */
export function allMessagesReady(): Promise<void> {
  wantedScope = 'all';
  return ensureLoaded(currentLanguage(), 'all');
}

function applyToDocument(lng: Language): void {
  document.documentElement.lang = LANGUAGE_TAG[lng];
}

/**
 * Loads the stored (or default pt) language before the first render, so nothing flashes untranslated.
 * The app boots with `core` (the login page needs no feature texts); tests and tools get everything.
 */
export async function initI18n(scope: MessageScope = 'all'): Promise<void> {
  const lng = storedLanguage();
  wantedScope = scope;
  await i18n.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(lng);
  await i18n.changeLanguage(lng);
  applyToDocument(lng);
}

export async function setLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  await i18n.changeLanguage(lng);
  writeStorage(I18N_STORAGE_KEY, { language: lng });
  applyToDocument(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
