/**
 * SQL helpers of the seeded benchmarks (bench:reports, bench:scale): rows made by generate_series in
 * Postgres itself, never through the API.
 */

/**
 * The SQL of a deterministic id: md5(prefix || expression) as a version 4 UUID (the APIs' @IsUUID()
 * refuses other versions and variants).
 */
export const sqlUuid = (prefix: string, expression: string) =>
  `overlay(overlay(md5('${prefix}' || ${expression}) placing '4' from 13) placing '8' from 17)::uuid`;
