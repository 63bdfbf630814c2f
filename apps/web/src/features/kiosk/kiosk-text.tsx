import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { createInstance, type TOptions } from 'i18next';
import pt from '@cacifo/texts/kiosk/pt.json';
import en from '@cacifo/texts/kiosk/en.json';
import es from '@cacifo/texts/kiosk/es.json';
import fr from '@cacifo/texts/kiosk/fr.json';
import ptRental from '@cacifo/texts/kiosk/rental/pt.json';
import enRental from '@cacifo/texts/kiosk/rental/en.json';
import esRental from '@cacifo/texts/kiosk/rental/es.json';
import frRental from '@cacifo/texts/kiosk/rental/fr.json';

/**
 * The kiosk speaks to the public in Portuguese, English, Spanish and French (the back-office only in
 * pt and en), so it has its own small i18next instance with its four files (@cacifo/texts, kiosk/)
 * bundled in, and a language chosen per visitor: each return to the start goes back to Portuguese.
 */
export const KIOSK_LANGUAGES = ['pt', 'en', 'es', 'fr'] as const;
export type KioskLanguage = (typeof KIOSK_LANGUAGES)[number];

/** The marketplace wall's texts live in files of their own (kiosk/rental), merged under `kiosk`. */
type Texts = Record<string, unknown>;
function withRental(base: { kiosk: Texts }, rental: Record<string, Texts>): { kiosk: Texts } {
  const kiosk: Texts = { ...base.kiosk, rental: rental.rental };
  for (const group of ['task', 'errors'])
    kiosk[group] = { ...(base.kiosk[group] as Texts), ...rental[group] };
  return { kiosk };
}

const kioskI18n = createInstance();
void kioskI18n.init({
  resources: {
    pt: { translation: withRental(pt, ptRental) },
    en: { translation: withRental(en, enRental) },
    es: { translation: withRental(es, esRental) },
    fr: { translation: withRental(fr, frRental) },
  },
  lng: 'pt',
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The kiosk's texts in one language, looked up as plain strings under `kiosk.` (the app's typed
 * keys do not know the kiosk's own files).
 */
export function kioskT(language: KioskLanguage): (key: string, options?: TOptions) => string {
  const fixed = kioskI18n.getFixedT(language) as unknown as (k: string, o?: TOptions) => string;
  return (key, options) => fixed(`kiosk.${key}`, options ?? {});
}

/**
 * "Portas 3 e 7 abertas": every door a task opened, in the singular or plural, joined as the
 * language joins a list (Intl.ListFormat through i18next's `list` format, which takes strings only).
 */
export function doorsOpened(
  t: (key: string, options?: TOptions) => string,
  doors: readonly number[],
): string {
  return t('door.opened', { count: doors.length, doors: doors.map(String) });
}

interface KioskText {
  t: (key: string, options?: TOptions) => string;
  language: KioskLanguage;
  setLanguage: (l: KioskLanguage) => void;
  /** The name of each language in itself, for the language buttons. */
  languageName: (l: KioskLanguage) => string;
}
const Context = createContext<KioskText | null>(null);

export function KioskTextProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<KioskLanguage>('pt');
  const value = useMemo<KioskText>(() => {
    return {
      language,
      setLanguage,
      t: kioskT(language),
      languageName: (l) => (kioskI18n.getFixedT(l) as unknown as (k: string) => string)('kiosk.lang'),
    };
  }, [language]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useKioskText(): KioskText {
  const value = useContext(Context);
  if (!value) throw new Error('useKioskText outside KioskTextProvider');
  return value;
}
