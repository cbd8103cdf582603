import { inflateSync } from 'node:zlib';

// WinAnsi codes that differ from Latin-1 and that the four languages use (pdfkit's standard fonts write WinAnsi).
const WIN_ANSI: Record<number, string> = {
  128: '€',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  150: '–',
  151: '—',
};

/**
 * The text lines of a PDF pdfkit wrote with its built-in fonts: each content stream inflated, each `[…] TJ`
 * text-showing operator's hex strings decoded and joined (the numbers between them are kerning). Enough to read
 * what a generated document says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated content stream (fonts, images)
    }
    for (const show of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...(show[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) =>
          [...Buffer.from(hex[1] ?? '', 'hex')]
            .map((code) => WIN_ANSI[code] ?? String.fromCharCode(code))
            .join(''),
        )
        .join('');
      lines.push(text);
    }
  }
  return lines;
}
