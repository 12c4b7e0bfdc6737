/**
 * CSV as RFC 4180 writes it: a header row, then one record per row, each line ended by CRLF; a field
 * that holds a comma, a double quote, CR or LF is enclosed in double quotes, its quotes doubled. Empty
 * and null fields are empty. A text field a spreadsheet would run as a formula (it starts with `=`,
 * `+`, `-`, `@`, a tab or CR: OWASP's CSV injection) gets a leading `'`, so names a tenant typed are
 * shown, never run; numbers (a negative margin, `-0.5`) are written as they are.
 */
export type CsvValue = string | number | bigint | null | undefined;

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map(csvLine).join('');
}

/** One record, CRLF included: what a stream of CSV writes per row. */
export function csvLine(row: readonly CsvValue[]): string {
  return `${row.map(csvField).join(',')}\r\n`;
}

/** A plain decimal number: never a formula, even with its minus sign. */
const NUMBER = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The media type of CSV (RFC 4180 §3, with the header row present) in UTF-8. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';
