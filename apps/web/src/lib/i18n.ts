import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAG, loadMessages, type Language } from './locales';
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

async function ensureLoaded(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  i18n.addResourceBundle(lng, 'translation', await loadMessages(lng), true, true);
}

function applyToDocument(lng: Language): void {
  document.documentElement.lang = LANGUAGE_TAG[lng];
}

/** Loads the stored (or default pt) language before the first render, so nothing flashes untranslated. */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
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
