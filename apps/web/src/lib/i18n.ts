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
import { customizerStore } from './customizer';
import { readStorage, writeStorage } from './store';

const I18N_STORAGE_KEY = 'i18n';

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
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });
  isolateValuesRightToLeft();
  await ensureLoaded(lng);
  await i18n.changeLanguage(lng);
  applyToDocument(lng);
}

const FSI = '\u2068';
const PDI = '\u2069';

/**
 * In a right-to-left layout, each value put into a sentence ("{{count}} de {{total}} cacifos em
 * uso") is a bidi isolate (FSI…PDI), so its digits and punctuation stay where the sentence puts
 * them instead of being carried to the other end of the line (issue #26). Left-to-right texts are
 * left as they are. The interpolator formats every value (`alwaysFormat`); this wraps its format.
 */
const isolating = new WeakSet<object>();
let followsDirection = false;
function isolateValuesRightToLeft(): void {
  const interpolator = i18n.services.interpolator as unknown as {
    format: (value: unknown, format: string | undefined, lng: string, options: object) => unknown;
  };
  if (isolating.has(interpolator)) return;
  isolating.add(interpolator);
  const format = interpolator.format.bind(interpolator);
  interpolator.format = (value, fmt, lng, options) => {
    const out = format(value, fmt, lng, options);
    return customizerStore.get().direction === 'rtl' && (typeof out === 'string' || typeof out === 'number')
      ? `${FSI}${out}${PDI}`
      : out;
  };
  // Texts on screen are written again when the direction changes (as on a language change).
  if (followsDirection) return;
  followsDirection = true;
  let direction = customizerStore.get().direction;
  customizerStore.subscribe(() => {
    const next = customizerStore.get().direction;
    if (next === direction) return;
    direction = next;
    if (i18n.language) void i18n.changeLanguage(i18n.language);
  });
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
