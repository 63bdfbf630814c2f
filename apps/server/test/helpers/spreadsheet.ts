import { CFB, read, utils, write } from '@e965/xlsx';

/**
 * A workbook read back as tests look at it: each sheet's rows (typed values), column widths, and
 * whether a cell is bold (from the file's styles: the reader does not report fonts).
 */
export function readBook(file: Buffer) {
  const book = read(file, { type: 'buffer', cellDates: true, cellStyles: true });
  const zip = CFB.read(file, { type: 'buffer' });
  const text = (path: string) =>
    Buffer.from(CFB.find(zip, `/${path}`)!.content as Uint8Array).toString('utf8');
  const styles = text('xl/styles.xml');
  const fonts = [
    ...(/<fonts[^>]*>(.*?)<\/fonts>/s.exec(styles)?.[1] ?? '').matchAll(/<font>(.*?)<\/font>/gs),
  ];
  const formats = [...(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*>/g)];
  const boldStyle = (s: number) => {
    const font = Number(/fontId="(\d+)"/.exec(formats[s]?.[0] ?? '')?.[1] ?? 0);
    return /<b\/>/.test(fonts[font]?.[1] ?? '');
  };
  const sheet = (name: string) => {
    const ws = book.Sheets[name]!;
    const index = book.SheetNames.indexOf(name) + 1;
    const xml = text(`xl/worksheets/sheet${index}.xml`);
    return {
      rows: utils.sheet_to_json<unknown[]>(ws, { header: 1, blankrows: false, raw: true }),
      widths: (ws['!cols'] ?? []).map((c) => c?.width),
      bold: (ref: string) => {
        const cell = new RegExp(`<c r="${ref}"[^>]*>`).exec(xml)?.[0] ?? '';
        return boldStyle(Number(/ s="(\d+)"/.exec(cell)?.[1] ?? 0));
      },
    };
  };
  return { names: book.SheetNames, sheet };
}

/** An .xlsx (or, with `bookType: 'biff8'`, an Excel 97 .xls) of these sheets and rows. */
export function spreadsheetOf(
  sheets: Record<string, unknown[][]>,
  bookType: 'xlsx' | 'biff8' = 'xlsx',
): Buffer {
  const book = utils.book_new();
  // Dates as the day they name, whatever the machine's time zone.
  for (const [name, rows] of Object.entries(sheets))
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows, { UTC: true }), name);
  return write(book, { type: 'buffer', bookType }) as Buffer;
}

/** The file with `edits` applied to the text of some of its parts (what the writer cannot express). */
export function withEditedParts(file: Buffer, edits: Record<string, (xml: string) => string>): Buffer {
  const zip = CFB.read(file, { type: 'buffer' });
  for (const [path, edit] of Object.entries(edits)) {
    const entry = CFB.find(zip, `/${path}`)!;
    entry.content = Buffer.from(edit(Buffer.from(entry.content as Uint8Array).toString('utf8')));
  }
  return Buffer.from(CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Uint8Array);
}
