/**
 * Small, real, valid PDF spec sheets written byte by byte: one Letter page of text in the
 * standard Helvetica fonts, with a cross-reference table whose offsets are computed from the
 * bytes actually written (a viewer rejects or repairs a PDF whose xref lies).
 * @module
 */

/** Latin-1 text safe inside a PDF string literal. */
function pdfText(s: string): string {
  return s
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?')
    .replace(/\\/g, '\\\\')
    .replace(/\(/g, '\\(')
    .replace(/\)/g, '\\)');
}

/** Content of a spec sheet. */
export interface SpecSheet {
  title: string;
  subtitle?: string;
  /** Label and value rows of the specification table. */
  rows: readonly (readonly [string, string])[];
  /** Paragraph lines under the table. */
  notes?: readonly string[];
}

/**
 * Writes a one-page PDF.
 * @example
 * const bytes = renderSpecSheetPdf({ title: 'SPX-1600-S Spec Sheet', rows: [['Part number', 'SPX-1600-S']] });
 * bytes.subarray(0, 8).toString('latin1'); // '%PDF-1.4'
 */
export function renderSpecSheetPdf(sheet: SpecSheet): Buffer {
  const lines: string[] = ['BT', '/F1 20 Tf', '56 730 Td', `(${pdfText(sheet.title.slice(0, 60))}) Tj`, 'ET'];
  let y = 700;
  if (sheet.subtitle) {
    lines.push('BT', '/F2 12 Tf', `56 ${y} Td`, `(${pdfText(sheet.subtitle.slice(0, 90))}) Tj`, 'ET');
    y -= 34;
  }
  lines.push('0.2 0.4 0.6 RG', '1.5 w', `56 ${y + 14} m 556 ${y + 14} l S`);
  for (const [label, value] of sheet.rows.slice(0, 30)) {
    lines.push('BT', '/F1 11 Tf', `56 ${y} Td`, `(${pdfText(label.slice(0, 40))}) Tj`, 'ET');
    lines.push('BT', '/F2 11 Tf', `240 ${y} Td`, `(${pdfText(value.slice(0, 60))}) Tj`, 'ET');
    y -= 20;
  }
  y -= 16;
  for (const note of (sheet.notes ?? []).slice(0, 20)) {
    lines.push('BT', '/F2 10 Tf', `56 ${y} Td`, `(${pdfText(note.slice(0, 100))}) Tj`, 'ET');
    y -= 15;
  }
  const stream = Buffer.from(lines.join('\n'), 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer): void => {
    parts.push(b);
    length += b.length;
  };
  // the binary comment line tells transfer tools the file is binary
  push(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.from(`6 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xrefAt = length;
  const count = offsets.length + 1;
  let xref = `xref\n0 ${count}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
