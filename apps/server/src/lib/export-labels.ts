import type { ExportLanguage } from '@cacifo/contract';
import { loadTexts, textAt, type Messages } from '@cacifo/texts';

/*
 * Texts of the exported files (headers, code labels) in the language the operator reads the list
 * in. They are the back-office's texts from @cacifo/texts, the ones the web shows (ADR 0080, 0230):
 * a column is called in the file what it is called on the screen, and a translation is written once.
 */
const cache = new Map<ExportLanguage, Promise<Messages>>();

/** The translation function of a language: a dotted key to its text (the key itself when missing). */
export async function exportLabels(language: ExportLanguage): Promise<(key: string) => string> {
  let messages = cache.get(language);
  if (!messages) {
    messages = loadTexts(language);
    cache.set(language, messages);
  }
  const all = await messages;
  return (key) => textAt(all, key) ?? key;
}
