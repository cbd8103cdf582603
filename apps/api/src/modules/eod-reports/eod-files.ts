import type { Locale } from '@mp/domain/locales';
import { formatMoney, minorUnitsToDecimalString } from '@mp/domain/money';
import { writeCsv } from '../../csv/safe-csv.ts';
import { EOD_LABELS } from './eod-labels.ts';
import type { EodTotals } from './eod-totals.ts';

/** What the files are made from: the stored report (READY, so its totals are there). */
export interface EodFileSource {
  siteName: string;
  tradingDay: string;
  timeZone: string;
  windowStart: string | null;
  windowEnd: string | null;
  generatedAt: string | null;
  totals: EodTotals;
}

const timeIn = (iso: string | null, locale: Locale, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(
        new Date(iso),
      )
    : '—';

/** The file name both formats share: `eod-<site>-<day>.<ext>` with only safe characters. */
export function eodFileName(report: Pick<EodFileSource, 'siteName' | 'tradingDay'>, ext: 'pdf' | 'csv') {
  const site = report.siteName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'site';
  return `eod-${site}-${report.tradingDay}.${ext}`;
}

/**
 * The report as CSV (UTF-8 with a BOM, so spreadsheet programs read accents right): a few header rows, then one
 * row per figure — section, name, currency, count, amount in major units. Times are in the merchant's zone,
 * which a header row names.
 */
export function renderEodCsv(report: EodFileSource, locale: Locale): string {
  const l = EOD_LABELS[locale];
  const { totals } = report;
  const major = (amount: number, currency: string) => minorUnitsToDecimalString(amount, currency);
  const rows: (string | number)[][] = [
    [l.section, l.name, l.currency, l.count, l.amount],
    [l.title, l.site, '', '', report.siteName],
    [l.title, l.tradingDay, '', '', report.tradingDay],
    [l.title, l.timeZone, '', '', report.timeZone],
    [
      l.title,
      l.window,
      '',
      '',
      `${timeIn(report.windowStart, locale, report.timeZone)} – ${timeIn(report.windowEnd, locale, report.timeZone)}`,
    ],
    [l.title, l.transactions, '', totals.transactionCount, ''],
  ];
  for (const [label, ref] of [
    [l.firstTransaction, totals.firstTransaction],
    [l.lastTransaction, totals.lastTransaction],
  ] as const) {
    rows.push(
      ref
        ? [
            l.title,
            `${label} ${timeIn(ref.at, locale, report.timeZone)} ${ref.pspReference}`,
            ref.currency,
            '',
            major(ref.amount, ref.currency),
          ]
        : [l.title, label, '', '', l.none],
    );
  }
  for (const row of totals.currencies) {
    for (const [name, figure] of [
      [l.sales, row.sales],
      [l.tips, row.tips],
      [l.refunds, row.refunds],
      [l.declines, row.declines],
    ] as const)
      rows.push([l.totals, name, row.currency, figure.count, major(figure.amount, row.currency)]);
    rows.push([l.totals, l.net, row.currency, '', major(row.net, row.currency)]);
  }
  for (const row of totals.bySource)
    rows.push([
      l.bySource,
      l.sources[row.source] ?? row.source,
      row.currency,
      row.count,
      major(row.amount, row.currency),
    ]);
  for (const row of totals.byScheme)
    rows.push([l.byScheme, row.scheme, row.currency, row.count, major(row.amount, row.currency)]);
  for (const row of totals.byDevice) {
    const name = row.deviceId ? (row.label ?? row.serial ?? row.deviceId) : l.noDevice;
    rows.push([
      l.byDevice,
      `${name} · ${l.sales}`,
      row.currency,
      row.sales.count,
      major(row.sales.amount, row.currency),
    ]);
    rows.push([
      l.byDevice,
      `${name} · ${l.tips}`,
      row.currency,
      row.tips.count,
      major(row.tips.amount, row.currency),
    ]);
    rows.push([
      l.byDevice,
      `${name} · ${l.refunds}`,
      row.currency,
      row.refunds.count,
      major(row.refunds.amount, row.currency),
    ]);
    rows.push([
      l.byDevice,
      `${name} · ${l.declines}`,
      row.currency,
      row.declines.count,
      major(row.declines.amount, row.currency),
    ]);
  }
  return writeCsv(rows);
}

/**
 * The report as an A4 PDF (pdfkit's built-in Helvetica: Latin-1, which covers the four languages), the same
 * figures as the screen: header, totals per currency, by source, by scheme, by device.
 */
export async function renderEodPdf(report: EodFileSource, locale: Locale): Promise<Buffer> {
  const l = EOD_LABELS[locale];
  const { totals } = report;
  // Helvetica has no narrow no-break space (French grouping): plain spaces print the same.
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  const money = (amount: number, currency: string) => plain(formatMoney({ amount, currency }, locale));
  // pdfkit (and its fonts) loads on the first PDF, not when the API starts (issue 16 §2: memory).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${l.title} ${report.siteName} ${report.tradingDay}`, Author: 'Merchant portal' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const right = 545;
  const at = (iso: string | null) => plain(timeIn(iso, locale, report.timeZone));

  doc.font('Helvetica-Bold').fontSize(18).text(l.title, left, 50);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`${l.site}: ${report.siteName}`);
  doc.text(`${l.tradingDay}: ${report.tradingDay}`);
  doc.text(`${l.window}: ${at(report.windowStart)} – ${at(report.windowEnd)} (${report.timeZone})`);
  doc.text(`${l.transactions}: ${totals.transactionCount}`);
  const refText = (ref: EodTotals['firstTransaction']) =>
    ref ? `${at(ref.at)} · ${ref.pspReference} · ${money(ref.amount, ref.currency)}` : l.none;
  doc.text(`${l.firstTransaction}: ${refText(totals.firstTransaction)}`);
  doc.text(`${l.lastTransaction}: ${refText(totals.lastTransaction)}`);
  doc.text(`${l.generated}: ${at(report.generatedAt)}`);

  const table = (title: string, header: string[], rows: string[][], widths: number[]) => {
    doc.moveDown(1);
    if (doc.y > 720) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(title, left);
    doc.fontSize(9).moveDown(0.3);
    const line = (cells: string[], bold: boolean) => {
      if (doc.y > 780) doc.addPage();
      const y = doc.y;
      let x = left;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      let bottom = y;
      cells.forEach((cell, index) => {
        const width = widths[index] ?? 80;
        doc.text(cell, x, y, { width, align: index === 0 ? 'left' : 'right' });
        bottom = Math.max(bottom, doc.y);
        x += width;
      });
      doc.y = bottom + 2;
      doc.x = left;
    };
    line(header, true);
    doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
    doc.moveDown(0.2);
    if (rows.length === 0) line([l.none], false);
    for (const row of rows) line(row, false);
  };

  table(
    l.totals,
    ['', l.currency, l.count, l.amount],
    totals.currencies.flatMap((row) => [
      [l.sales, row.currency, String(row.sales.count), money(row.sales.amount, row.currency)],
      [l.tips, row.currency, String(row.tips.count), money(row.tips.amount, row.currency)],
      [l.refunds, row.currency, String(row.refunds.count), money(row.refunds.amount, row.currency)],
      [l.declines, row.currency, String(row.declines.count), money(row.declines.amount, row.currency)],
      [l.net, row.currency, '', money(row.net, row.currency)],
    ]),
    [215, 80, 80, 120],
  );
  table(
    l.bySource,
    ['', l.currency, l.count, l.amount, l.tips],
    totals.bySource.map((row) => [
      l.sources[row.source] ?? row.source,
      row.currency,
      String(row.count),
      money(row.amount, row.currency),
      money(row.tips, row.currency),
    ]),
    [155, 60, 60, 110, 110],
  );
  table(
    l.byScheme,
    ['', l.currency, l.count, l.amount],
    totals.byScheme.map((row) => [
      row.scheme,
      row.currency,
      String(row.count),
      money(row.amount, row.currency),
    ]),
    [215, 80, 80, 120],
  );
  table(
    l.byDevice,
    [l.device, l.sales, l.tips, l.refunds, l.declines],
    totals.byDevice.map((row) => [
      `${row.deviceId ? (row.label ?? row.serial ?? row.deviceId) : l.noDevice} (${row.currency})`,
      `${row.sales.count} · ${money(row.sales.amount, row.currency)}`,
      money(row.tips.amount, row.currency),
      `${row.refunds.count} · ${money(row.refunds.amount, row.currency)}`,
      String(row.declines.count),
    ]),
    [155, 100, 80, 100, 60],
  );

  doc.end();
  return done;
}
