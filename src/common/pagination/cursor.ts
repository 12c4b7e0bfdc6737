import { GatewayError } from '../errors/error-catalog';

/**
 * Opaque page cursors: every list of the APIs pages the same way, newest first, by keyset on
 * (created_at, id), so a page costs the same at any depth and rows written meanwhile never shift
 * a page. Clients pass back `next_cursor` as they got it; what it holds is ours to change.
 */

/** Where a page ended: the last row's creation time and id. */
export interface PagePosition {
  createdAt: Date;
  id: string;
}

/** A page of a list, as every list route answers it. */
export interface Page<T> {
  data: T[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`).toString('base64url');
}

/** What encodeCursor writes: a four-digit-year ISO instant and a UUID. */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Anything but a cursor encodeCursor wrote is a 400, never a query: a loose check let through
 * UUID-shaped dashes and dates Postgres cannot store (year -271821), both 500s.
 */
export function decodeCursor(cursor: string): PagePosition {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const createdAt = new Date(match?.[1] ?? '');
  // Year 0 passes the pattern and the round trip, but Postgres has no year 0.
  if (!match || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== match[1] || createdAt.getUTCFullYear() < 1) {
    throw new GatewayError('invalid_request', 'The cursor is not valid; use next_cursor from a previous page.');
  }
  return { createdAt, id: match[2] };
}

/**
 * The Prisma `where` clause of the rows after `cursor` (newest first), or undefined for the first
 * page. The `lte` bound repeats what the OR says on purpose: Postgres cannot start an index scan
 * from an OR, so without it every page scanned from the newest row (a page 45 days deep into 10M
 * audit records took seconds; with it, a fraction of a millisecond, bench:reports).
 */
export function afterCursor(cursor: string | undefined): { createdAt: { lte: Date }; OR: Array<Record<string, unknown>> } | undefined {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(cursor);
  return {
    createdAt: { lte: after.createdAt },
    OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
  };
}

/**
 * Cursors of the lists ordered by a UUID alone, ascending (the reports grouped by customer or by
 * tenant: a group has no creation time, and its sums change while a client pages): where the page
 * ended, the last group's id. Groups added meanwhile never shift a page; one added before the
 * cursor is not seen by this pass, like a record newer than a list's first page.
 */
export function encodeKeyCursor(lastKey: string): string {
  return Buffer.from(`key|${lastKey}`).toString('base64url');
}

const KEY_CURSOR_PATTERN = /^key\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The last key of the previous page; anything but a cursor encodeKeyCursor wrote is a 400. */
export function decodeKeyCursor(cursor: string): string {
  const match = KEY_CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new GatewayError('invalid_request', 'The cursor is not valid; use next_cursor from a previous page.');
  return match[1];
}

/** The Prisma `orderBy` every paged list uses. */
export const NEWEST_FIRST: Array<{ createdAt: 'desc' } | { id: 'desc' }> = [{ createdAt: 'desc' }, { id: 'desc' }];

/**
 * The page of `rows`, fetched with `take: limit + 1` (the extra row says whether a next page exists),
 * each row turned into its wire shape by `view`.
 */
export function toPage<R extends PagePosition, V>(rows: R[], limit: number, view: (row: R) => V): Page<V> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { data: page.map((row) => view(row)), next_cursor: rows.length > limit && last ? encodeCursor(last) : null };
}
