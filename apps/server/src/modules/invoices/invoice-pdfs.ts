import { type BillLine, VAT_PERCENT } from '@sapa/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The bill's documents as real PDFs (issue 21 point 3), drawn with pdf-lib: the summary of usage, the invoice
 * form, the acceptance certificate (BAST) with its signer and time, and the final invoice with VAT 11%. Text
 * is bilingual (Indonesian / English), in the standard Helvetica fonts (WinAnsi: other characters print as ?).
 */

export interface BillFacts {
  brandName: string;
  businessName: string;
  number: string;
  period: string;
  lines: readonly BillLine[];
  net: number;
  vat: number;
  total: number;
  usageDate: string;
  confirmationDueDate: string;
  paymentDueDate?: string | null;
  bast?: { signerName: string; signerTitle: string; signedAt: Date } | null;
}

export type GeneratedKind = 'SUMMARY_USAGE' | 'FORM_INVOICE' | 'BAST' | 'FINAL_INVOICE';

const TITLES: Record<GeneratedKind, string> = {
  SUMMARY_USAGE: 'Ringkasan Pemakaian / Summary of Usage',
  FORM_INVOICE: 'Formulir Tagihan / Invoice Form',
  BAST: 'Berita Acara Serah Terima (BAST) / Acceptance Certificate',
  FINAL_INVOICE: 'Faktur Final / Final Invoice',
};

export const rupiah = (n: number) => `Rp${n.toLocaleString('id-ID')}`;

/** What WinAnsi (the standard fonts' encoding) cannot carry becomes '?'. */
const printable = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/** A time in Asia/Jakarta, e.g. 2026-03-05 14:07 WIB. */
export function jakartaTime(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} WIB`;
}

class Writer {
  private y = 800;
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  text(s: string, opts: { size?: number; bold?: boolean; x?: number; gap?: number } = {}) {
    const size = opts.size ?? 11;
    this.page.drawText(printable(s), {
      x: opts.x ?? 50,
      y: this.y,
      size,
      font: opts.bold ? this.bold : this.font,
      color: rgb(0.1, 0.1, 0.1),
    });
    this.y -= opts.gap ?? size + 7;
  }

  /** A label and a value on one line, the value right-aligned. */
  row(label: string, value: string, bold = false) {
    const font = bold ? this.bold : this.font;
    const v = printable(value);
    this.page.drawText(printable(label), { x: 50, y: this.y, size: 11, font });
    this.page.drawText(v, { x: 545 - font.widthOfTextAtSize(v, 11), y: this.y, size: 11, font });
    this.y -= 18;
  }

  rule() {
    this.page.drawLine({ start: { x: 50, y: this.y + 8 }, end: { x: 545, y: this.y + 8 }, thickness: 0.5 });
    this.y -= 6;
  }
}

function header(w: Writer, kind: GeneratedKind, f: BillFacts) {
  w.text(f.brandName, { size: 18, bold: true, gap: 28 });
  w.text(TITLES[kind], { size: 14, bold: true, gap: 24 });
  w.row('Nomor / Number', f.number);
  w.row('Bisnis / Business', f.businessName);
  w.row('Periode / Period', f.period);
  w.row('Tanggal data / Usage date', f.usageDate);
  w.rule();
}

function lines(w: Writer, f: BillFacts) {
  for (const line of f.lines)
    w.row(`${line.description} (${line.quantity.toLocaleString('id-ID')})`, rupiah(line.amount));
  w.rule();
}

function totals(w: Writer, f: BillFacts) {
  w.row('Subtotal (DPP)', rupiah(f.net));
  w.row(`PPN / VAT ${VAT_PERCENT}%`, rupiah(f.vat));
  w.row('Total', rupiah(f.total), true);
}

function body(w: Writer, kind: GeneratedKind, f: BillFacts) {
  if (kind === 'SUMMARY_USAGE') {
    lines(w, f);
    w.row('Total pemakaian / Total usage', rupiah(f.total), true);
    w.text(`Konfirmasi sebelum / Confirm by ${f.confirmationDueDate}`, { size: 10 });
  } else if (kind === 'FORM_INVOICE') {
    lines(w, f);
    totals(w, f);
    w.text('Tagihan final menyusul setelah pemakaian dikonfirmasi.', { size: 10 });
    w.text('The final invoice follows once the usage is confirmed.', { size: 10 });
  } else if (kind === 'BAST') {
    const bast = f.bast;
    if (!bast) throw new Error('a BAST needs its signer');
    lines(w, f);
    w.row('Total', rupiah(f.total), true);
    w.text('Dengan ini kami menyetujui pemakaian di atas sebagai dasar tagihan.', { size: 10 });
    w.text('We hereby accept the usage above as the basis of the bill.', { size: 10, gap: 30 });
    w.row('Ditandatangani oleh / Signed by', bast.signerName, true);
    if (bast.signerTitle) w.row('Jabatan / Title', bast.signerTitle);
    w.row('Waktu / Time', jakartaTime(bast.signedAt));
  } else {
    lines(w, f);
    totals(w, f);
    if (f.paymentDueDate) w.row('Jatuh tempo / Payment due', f.paymentDueDate, true);
  }
}

/** One document of a bill as PDF bytes. */
export async function renderBillPdf(kind: GeneratedKind, facts: BillFacts): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TITLES[kind]} ${facts.number}`);
  pdf.setProducer(facts.brandName);
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([595, 842]);
  const w = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  header(w, kind, facts);
  body(w, kind, facts);
  return Buffer.from(await pdf.save());
}

export const documentFileName = (kind: GeneratedKind, number: string) =>
  `${kind.toLowerCase()}-${number.replaceAll('/', '-')}.pdf`;
