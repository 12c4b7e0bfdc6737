/**
 * CSV as RFC 4180 writes it: a header row, then one record per row, each line ended by CRLF; a field
 * that holds a comma, a double quote, CR or LF is enclosed in double quotes, its quotes doubled. Empty
 * and null fields are empty. Values are written as given (no spreadsheet-formula escaping): callers
 * pass generated figures and identifiers, never text a user typed.
 */
export type CsvValue = string | number | bigint | null | undefined;

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The media type of CSV (RFC 4180 §3, with the header row present) in UTF-8. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';
