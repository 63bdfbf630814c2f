/**
 * Spreadsheet cells that begin with = + - @ (or a tab or carriage return) are read as formulas by
 * Excel and LibreOffice when a file is opened or re-saved as CSV: a user named "=HYPERLINK(...)"
 * would run in the operator's spreadsheet. Such text is written with a leading apostrophe.
 */
export function safeCellText(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
