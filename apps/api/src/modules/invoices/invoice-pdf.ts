import type { InvoiceDetail } from './service.ts';

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
const day = (value: string | null) => (value ? value.slice(0, 10) : '—');

/**
 * The invoice as an A4 PDF with pdfkit's built-in Helvetica (pure JavaScript, no native addon), rendered from
 * the stored invoice so it always shows the figures of the screen: the lines, subtotal, VAT, total, what the
 * payouts settled, what was paid and what is due.
 */
export async function renderInvoicePdf(
  invoice: InvoiceDetail,
  merchant: { legalEntityName: string },
): Promise<Buffer> {
  // pdfkit (and its fonts) loads on the first PDF, not when the API starts (issue 16 §2: memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: 'Merchant portal billing' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const currency = invoice.currency;
  const left = 50;
  const right = 545;

  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`, left, 50);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`Billed to: ${merchant.legalEntityName}${invoice.country ? ` (${invoice.country})` : ''}`);
  doc.text(`Period: ${invoice.periodStart} to ${invoice.periodEnd}`);
  doc.text(`Issued: ${day(invoice.issuedAt)}    Due: ${day(invoice.dueAt)}`);
  doc.text(`Status: ${invoice.status}`);
  doc.moveDown(1);

  const columns = { description: left, quantity: 330, unit: 390, amount: 470 };
  const header = doc.y;
  doc.font('Helvetica-Bold');
  doc.text('Description', columns.description, header, { width: 270 });
  doc.text('Qty', columns.quantity, header, { width: 50, align: 'right' });
  doc.text('Unit', columns.unit, header, { width: 70, align: 'right' });
  doc.text('Amount', columns.amount, header, { width: right - columns.amount, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke();
  doc.font('Helvetica').moveDown(0.8);

  for (const line of invoice.lines) {
    const y = doc.y;
    const description =
      line.volume !== null ? `${line.description} (on ${money(line.volume, currency)})` : line.description;
    doc.text(description, columns.description, y, { width: 270 });
    const after = doc.y;
    const perUnit = line.kind === 'processing-fee' ? '' : money(line.unitAmount, currency);
    doc.text(String(line.quantity), columns.quantity, y, { width: 50, align: 'right' });
    doc.text(perUnit, columns.unit, y, { width: 70, align: 'right' });
    doc.text(money(line.amount, currency), columns.amount, y, {
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
    doc.text(money(amount, currency), columns.amount, y, { width: right - columns.amount, align: 'right' });
    doc.moveDown(0.3);
  };
  total('Subtotal', invoice.subtotal);
  total(`VAT ${Number(invoice.taxPercent)}%`, invoice.tax);
  total('Total', invoice.total, true);
  if (invoice.settledFromPayouts > 0) total('Settled from payouts', -invoice.settledFromPayouts);
  total(
    'Paid',
    invoice.amountPaid - invoice.settledFromPayouts > 0
      ? -(invoice.amountPaid - invoice.settledFromPayouts)
      : 0,
  );
  total('Amount due', invoice.amountDue, true);

  doc.end();
  return done;
}
