import type { CsvValue } from '../common/http/csv';

/** A report as its JSON route answers one page of it: rows (a slug's with its meter lines), the period's totals, the next page. */
export interface ReportPageLike<R> {
  group_by: string;
  period: { from: string; to: string };
  data: R[];
  totals: R;
  next_cursor: string | null;
}

type ReportRow<F extends string> = { key: string | null; meters?: Array<{ meter: string } & Partial<Record<F, CsvValue>>> } & Record<
  F,
  CsvValue
>;

/** The columns every report's CSV starts with, before its figures. */
const LEAD = ['group_by', 'from', 'to', 'section', 'key', 'meter'] as const;

export function reportCsvColumns(figures: readonly string[]): string[] {
  return [...LEAD, ...figures];
}

/**
 * A report as CSV rows, a page of the JSON report at a time: a `row` per group (by slug, followed
 * by a `meter` row per meter of it, as the statement CSV lists a line's meters), then the period's
 * `total` row once the last page is read. The cells are the JSON's own values (money as its USD
 * strings), so the two never differ. `readPage` reads the page after `cursor` (the whole report for
 * the groupings that come whole); it is called for the next page only once the last was written.
 */
export async function* reportCsvPages<F extends string>(
  figures: readonly F[],
  readPage: (cursor: string | undefined) => Promise<ReportPageLike<ReportRow<F>>>,
): AsyncGenerator<CsvValue[][]> {
  let cursor: string | undefined;
  let page: ReportPageLike<ReportRow<F>>;
  do {
    page = await readPage(cursor);
    const lead = (section: string, key: string | null, meter: string | null): CsvValue[] => [
      page.group_by,
      page.period.from,
      page.period.to,
      section,
      key,
      meter,
    ];
    yield page.data.flatMap((row) => [
      [...lead('row', row.key, null), ...figures.map((f) => row[f])],
      ...(row.meters ?? []).map((m) => [...lead('meter', row.key, m.meter), ...figures.map((f) => m[f])]),
    ]);
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  yield [[page.group_by, page.period.from, page.period.to, 'total', null, null, ...figures.map((f) => page.totals[f])]];
}
