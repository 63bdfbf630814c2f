/*
 * The parcel label and the pickup slip as PDF (issue #23, docs/adr/0031). pdfkit writes the page
 * with its built-in Helvetica (WinAnsi covers Portuguese, English, Spanish and French); bwip-js draws
 * the package id as Code 128 and the pickup code's QR as PNG images placed on it. Both libraries
 * load on the first print only: most servers never print.
 */

/** Millimetres to PDF points. */
const mm = (v: number) => (v * 72) / 25.4;

export interface LabelData {
  title: string;
  packageId: string;
  /** Label/value rows under the barcode (reference, recipient, locker, store). */
  rows: [string, string][];
  footer: string;
}

export interface SlipData {
  title: string;
  packageId: string;
  place: string;
  address: string;
  door: string;
  codeLabel: string;
  pin: string;
  /** The QR payload the kiosk takes (`qrCode` of the pickup call); null when the code has none. */
  qr: string | null;
  rows: [string, string][];
  instructions: string;
}

async function libs() {
  const [{ default: PDFDocument }, { default: bwipjs }] = await Promise.all([
    import('pdfkit'),
    import('bwip-js/node'),
  ]);
  return { PDFDocument, bwipjs };
}

type Doc = InstanceType<Awaited<ReturnType<typeof libs>>['PDFDocument']>;

function toBuffer(doc: Doc): Promise<Buffer> {
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.end();
  });
}

/**
 * Label/value rows. A value takes two lines at most (ended by an ellipsis): a 100-character name or a
 * 64-character reference must not push the page onto a second one (one label per print).
 */
function rows(doc: Doc, list: [string, string][], x: number, width: number) {
  for (const [label, value] of list) {
    doc.font('Helvetica').fontSize(8).fillColor('#555').text(label, x, undefined, { width });
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#000');
    doc.text(value || '—', x, undefined, { width, height: doc.currentLineHeight(true) * 2, ellipsis: true });
    doc.moveDown(0.4);
  }
}

/**
 * Text set on the page's last lines, above the bottom margin. pdfkit starts a new page when a line
 * would pass the bottom margin, and a footer placed by a fixed offset did (issue #33: every label
 * was two pages, the footer's last word alone on the second): its height is measured first, and the
 * margin is lifted while it is written so rounding cannot start a page either.
 */
function footer(doc: Doc, text: string, x: number, width: number, bottom: number) {
  const height = doc.heightOfString(text, { width });
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.text(text, x, doc.page.height - bottom - height, { width, lineBreak: true });
  doc.page.margins.bottom = margin;
}

/** A 100 x 150 mm label (the common thermal label size): package id as text and Code 128, then the rows. */
export async function labelPdf(data: LabelData): Promise<Buffer> {
  const { PDFDocument, bwipjs } = await libs();
  const width = mm(100);
  const margin = mm(6);
  const inner = width - 2 * margin;
  const doc = new PDFDocument({
    size: [width, mm(150)],
    margin,
    info: { Title: `${data.title} ${data.packageId}`, Subject: data.packageId },
  });
  doc.font('Helvetica-Bold').fontSize(14).text(data.title, { width: inner });
  doc.moveDown(0.5);
  // Code 128 carries ASCII only: an id with other characters is printed as text alone (a scanner
  // would read something else than the id).
  if (/^[\x20-\x7e]+$/.test(data.packageId)) {
    const barcode = await bwipjs.toBuffer({
      bcid: 'code128',
      text: data.packageId,
      scale: 3,
      height: 18,
      paddingwidth: 10,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    });
    doc.image(barcode, margin, doc.y, { fit: [inner, mm(30)], align: 'center' });
    doc.y += mm(31);
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(data.packageId, margin, undefined, { width: inner, align: 'center' });
  doc.moveDown(0.8);
  rows(doc, data.rows, margin, inner);
  doc.font('Helvetica').fontSize(7).fillColor('#555');
  footer(doc, data.footer, margin, inner, margin);
  return toBuffer(doc);
}

/** An A6 slip for the recipient: where, the door, the code in large digits and its QR for the kiosk camera. */
export async function slipPdf(data: SlipData): Promise<Buffer> {
  const { PDFDocument, bwipjs } = await libs();
  const [width, height] = [mm(105), mm(148)];
  const margin = mm(7);
  const inner = width - 2 * margin;
  const doc = new PDFDocument({
    size: [width, height],
    margin,
    info: { Title: `${data.title} ${data.packageId}`, Subject: data.packageId },
  });
  doc.font('Helvetica-Bold').fontSize(15).text(data.title, { width: inner });
  doc.font('Helvetica').fontSize(10).text(data.place, { width: inner });
  if (data.address) doc.fontSize(9).fillColor('#555').text(data.address, { width: inner }).fillColor('#000');
  doc.font('Helvetica-Bold').fontSize(12).text(data.door, { width: inner });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).text(data.codeLabel, { width: inner, align: 'center' });
  doc
    .font('Helvetica-Bold')
    .fontSize(30)
    .text(data.pin.split('').join(' '), { width: inner, align: 'center' });
  if (data.qr) {
    const qr = await bwipjs.toBuffer({
      bcid: 'qrcode',
      text: data.qr,
      scale: 4,
      paddingwidth: 4,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    });
    const side = mm(40);
    doc.image(qr, margin + (inner - side) / 2, doc.y + 4, { width: side, height: side });
    doc.y += side + 10;
  }
  rows(doc, data.rows, margin, inner);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#333')
    .text(data.instructions, margin, undefined, { width: inner });
  return toBuffer(doc);
}
