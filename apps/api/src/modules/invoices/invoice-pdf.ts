import type { Locale } from '@mp/domain/locales';
import { formatMoney } from '@mp/domain/money';
import { INVOICE_PDF_LABELS } from './invoice-pdf-labels.ts';
import type { InvoiceDetail } from './service.ts';

// Helvetica has no narrow no-break space (French grouping, and before a French "%" or currency sign): plain
// spaces print the same.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The invoice as an A4 PDF with pdfkit's built-in Helvetica (pure JavaScript, no native addon; Latin-1 covers
 * the four languages), rendered from the stored invoice so it always shows the figures of the screen: the lines,
 * subtotal, VAT, total, what the payouts settled, what was paid and what is due. Its words, amounts and dates are
 * in `locale`; the days it was issued and is due are the merchant's (`timeZone`).
 */
export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  merchant: { legalEntityName: string; timeZone: string },
  locale: Locale,
): Promise<Buffer> {
  const l = INVOICE_PDF_LABELS[locale];
  const money = (minor: number) => plain(formatMoney({ amount: minor, currency: invoice.currency }, locale));
  const count = (value: number) => plain(new Intl.NumberFormat(locale).format(value));
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: merchant.timeZone });
  const day = (value: string | null) => (value ? plain(dates.format(new Date(value))) : '—');
  // A calendar day (YYYY-MM-DD) is the day itself, in no zone.
  const calendarDays = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const calendarDay = (value: string) => plain(calendarDays.format(new Date(`${value}T12:00:00Z`)));
  const percent = (value: string) =>
    plain(
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        Number(value) / 100,
      ),
    );
  const lineLabel = (line: InvoiceDetail['lines'][number]) =>
    line.kind === 'processing-fee'
      ? (l.regions[(line.region ?? 'other') as keyof typeof l.regions] ?? l.regions.other)
      : line.kind === 'device-rental'
        ? l.deviceRental
        : line.description;

  // pdfkit (and its fonts) loads on the first PDF, not when the API starts (issue 16 §2: memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${l.title} ${invoice.number}`, Author: 'Merchant portal billing' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const right = 545;

  doc.font('Helvetica-Bold').fontSize(20).text(`${l.title} ${invoice.number}`, left, 50);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(
    l.field(l.billedTo, `${merchant.legalEntityName}${invoice.country ? ` (${invoice.country})` : ''}`),
  );
  doc.text(l.field(l.period, l.range(calendarDay(invoice.periodStart), calendarDay(invoice.periodEnd))));
  doc.text(`${l.field(l.issued, day(invoice.issuedAt))}    ${l.field(l.due, day(invoice.dueAt))}`);
  doc.text(l.field(l.status, l.statuses[invoice.status]));
  doc.moveDown(1);

  const columns = { description: left, quantity: 330, unit: 390, amount: 470 };
  const header = doc.y;
  doc.font('Helvetica-Bold');
  doc.text(l.description, columns.description, header, { width: 270 });
  doc.text(l.quantity, columns.quantity, header, { width: 50, align: 'right' });
  doc.text(l.unit, columns.unit, header, { width: 70, align: 'right' });
  doc.text(l.amount, columns.amount, header, { width: right - columns.amount, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke();
  doc.font('Helvetica').moveDown(0.8);

  for (const line of invoice.lines) {
    const y = doc.y;
    const description =
      line.volume !== null ? `${lineLabel(line)} ${l.onVolume(money(line.volume))}` : lineLabel(line);
    doc.text(description, columns.description, y, { width: 270 });
    const after = doc.y;
    const perUnit = line.kind === 'processing-fee' ? '' : money(line.unitAmount);
    doc.text(count(line.quantity), columns.quantity, y, { width: 50, align: 'right' });
    doc.text(perUnit, columns.unit, y, { width: 70, align: 'right' });
    doc.text(money(line.amount), columns.amount, y, {
      width: right - columns.amount,
      align: 'right',
    });
    doc.y = Math.max(after, doc.y) + 4;
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.6);

  const total = (label: string, amount: number, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 300, y, { width: 160 });
    doc.text(money(amount), columns.amount, y, { width: right - columns.amount, align: 'right' });
    doc.moveDown(0.3);
  };
  total(l.subtotal, invoice.subtotal);
  total(l.vat(percent(invoice.taxPercent)), invoice.tax);
  total(l.total, invoice.total, true);
  if (invoice.settledFromPayouts > 0) total(l.settledFromPayouts, -invoice.settledFromPayouts);
  total(
    l.paid,
    invoice.amountPaid - invoice.settledFromPayouts > 0
      ? -(invoice.amountPaid - invoice.settledFromPayouts)
      : 0,
  );
  total(l.amountDue, invoice.amountDue, true);

  doc.end();
  return done;
}
