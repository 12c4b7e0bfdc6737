import { Prisma } from '../generated/prisma/client';

/**
 * The SQL condition "`column` starts with `prefix`, ignoring case", in the form an index on
 * `lower(column) text_pattern_ops` serves: a byte-order range of lower(column) (which a generic plan
 * of a prepared statement can use too, unlike a LIKE on a parameter) and the LIKE itself for the
 * exact answer, with `%`, `_` and `\` in the prefix taken literally. `column` is ours, never input.
 */
export function nameStartsWith(column: string, prefix: string): Prisma.Sql {
  const lowered = Prisma.sql`lower(${Prisma.raw(column)})`;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Every string that starts with the prefix sorts between it and it followed by the greatest code point.
  return Prisma.sql`(${lowered} ~>=~ lower(${prefix}) AND ${lowered} ~<~ (lower(${prefix}) || chr(1114111)) AND ${lowered} LIKE lower(${pattern}))`;
}
