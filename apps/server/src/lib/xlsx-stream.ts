import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/*
 * A one-sheet .xlsx written as its rows come (issue #35): the sheet is deflated into the zip as it
 * is written, so a million rows cost the memory of the rows in flight. The spreadsheet library
 * (@e965/xlsx, which reads the imports) builds a whole workbook in memory before writing it, and
 * the exports must not (ADR 0080). Strings are inline (no shared-string table, which would grow
 * with every distinct text), numbers are numbers, an empty value is no cell; style 1 is bold.
 */

export type XlsxCell = string | number | null;

const ZIP_VERSION = 20;
/** Bit 3: sizes and CRC follow the data (a streamed entry); bit 11: names are UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;

interface ZipEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** DOS date and time of `d` (the zip's own format), as one 32-bit value: time low, date high. */
function dosDateTime(d: Date): number {
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return ((date << 16) | time) >>> 0;
}

/** A zip written front to back into `out`: whole files, then one streamed file, then the directory. */
class ZipWriter {
  private readonly entries: ZipEntry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable) {}

  private put(buf: Buffer) {
    this.out.write(buf);
    this.offset += buf.length;
  }

  private localHeader(e: Omit<ZipEntry, 'offset'>): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(ZIP_VERSION, 4);
    h.writeUInt16LE(e.flags, 6);
    h.writeUInt16LE(DEFLATE, 8);
    h.writeUInt32LE(this.stamp, 10);
    h.writeUInt32LE(e.crc, 14);
    h.writeUInt32LE(e.compressed, 18);
    h.writeUInt32LE(e.size, 22);
    h.writeUInt16LE(e.name.length, 26);
    return Buffer.concat([h, e.name]);
  }

  /** A small file known whole: its sizes and CRC go in its header. */
  file(name: string, text: string) {
    const data = Buffer.from(text, 'utf8');
    const deflated = deflateRawSync(data);
    const entry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8,
      crc: crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    };
    this.entries.push(entry);
    this.put(this.localHeader(entry));
    this.put(deflated);
  }

  /**
   * A file written in parts: `write` deflates into `out` (through a pipe, so a full `out` fills
   * `input`, on which the caller waits); `close` adds the sizes and CRC after the data.
   */
  stream(name: string) {
    const entry: ZipEntry = {
      name: Buffer.from(name, 'utf8'),
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    this.put(this.localHeader(entry));
    const input: DeflateRaw = createDeflateRaw();
    input.on('data', (chunk: Buffer) => (entry.compressed += chunk.length));
    input.pipe(this.out, { end: false });
    return {
      input,
      write: (text: string) => {
        const data = Buffer.from(text, 'utf8');
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        input.write(data);
      },
      close: async () => {
        input.end();
        await once(input, 'end');
        this.offset += entry.compressed;
        const d = Buffer.alloc(16);
        d.writeUInt32LE(0x08074b50, 0);
        d.writeUInt32LE(entry.crc, 4);
        d.writeUInt32LE(entry.compressed, 8);
        d.writeUInt32LE(entry.size, 12);
        this.put(d);
      },
    };
  }

  /** The central directory and its end record; ends `out`. Past 4 GB a zip64 record would be needed. */
  end() {
    if (this.offset > 0xffffffff) throw new Error('export over 4 GB');
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(ZIP_VERSION, 4);
      h.writeUInt16LE(ZIP_VERSION, 6);
      h.writeUInt16LE(e.flags, 8);
      h.writeUInt16LE(DEFLATE, 10);
      h.writeUInt32LE(this.stamp, 12);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      this.put(Buffer.concat([h, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.out.write(end);
    this.out.end();
  }
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Text as XML character data: markup escaped, characters XML 1.0 forbids (C0 controls) dropped. */
const xmlText = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** A, B, ..., Z, AA, ...: the column's letters. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const parts = {
  contentTypes: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  rootRels: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  workbook: (sheetName: string) =>
    `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  workbookRels: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  styles: `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

/**
 * One sheet, `widths` in characters per column. `row` writes a row (bold: the header); wait on
 * `input` as on the output (it fills once the output does); `end` finishes the file and ends `out`.
 */
export function xlsxStream(out: Writable, sheetName: string, widths: readonly number[]) {
  const zip = new ZipWriter(out);
  zip.file('[Content_Types].xml', parts.contentTypes);
  zip.file('_rels/.rels', parts.rootRels);
  zip.file('xl/workbook.xml', parts.workbook(sheetName));
  zip.file('xl/_rels/workbook.xml.rels', parts.workbookRels);
  zip.file('xl/styles.xml', parts.styles);
  const sheet = zip.stream('xl/worksheets/sheet1.xml');
  const letters = widths.map((_, i) => columnName(i));
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`);
  sheet.write(`${XML}<worksheet xmlns="${MAIN}"><cols>${cols.join('')}</cols><sheetData>`);
  let rowNumber = 0;
  return {
    input: sheet.input,
    row(cells: readonly XlsxCell[], bold = false) {
      const r = ++rowNumber;
      const style = bold ? ' s="1"' : '';
      let xml = `<row r="${r}">`;
      cells.forEach((v, i) => {
        const ref = `${letters[i] ?? columnName(i)}${r}`;
        if (typeof v === 'number' && Number.isFinite(v)) xml += `<c r="${ref}"${style}><v>${v}</v></c>`;
        else if (typeof v === 'string')
          xml += `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(v)}</t></is></c>`;
      });
      sheet.write(`${xml}</row>`);
    },
    async end() {
      sheet.write('</sheetData></worksheet>');
      await sheet.close();
      zip.end();
    },
    /** The client left: frees the compressor. */
    destroy() {
      sheet.input.destroy();
    },
  };
}
