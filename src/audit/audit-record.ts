import type { AuditRecord as AuditRecordModel } from '../generated/prisma/client';
import type { Meter } from '../generated/prisma/enums';
import { ROLLUP_BATCH_CTES } from './audit-rollups';

/**
 * A call's usage and amounts per meter, as `audit_records.meters` holds them: per billed meter, its
 * quantity (base measure) and its wholesale, resale and customer amounts (pico-USD), as decimal
 * strings (JSON has no 64-bit integers).
 */
export type AuditMeters = { [M in Meter]?: [quantity: string, wholesale: string, resale: string, customer: string] };

/**
 * One audit row: the Prisma model of `audit_records` (prisma/schema.prisma says what each field
 * means), its JSON column typed. The request path builds it, the writer batches and spills it, the
 * operator API reads it.
 */
export type AuditRecord = Omit<AuditRecordModel, 'meters' | 'errorDetails'> & {
  meters: AuditMeters | null;
  /** What refused the call (schema.prisma: `errorDetails`). */
  errorDetails: Record<string, unknown> | null;
};

/** How one field travels: its column and SQL type in the batch insert, and back from a spill-file line. */
interface Column<V> {
  name: string;
  /** The Postgres type of the insert's array parameter (`$n::<type>[]`). */
  sqlType: string;
  /** The value as the pg driver sends it. */
  toSql(value: V): unknown;
  /** The value from its JSON form in a spill file (bigints are strings there, dates ISO strings). */
  fromJson(value: unknown): V;
}

const plain = <V>(name: string, sqlType: string): Column<V> => ({
  name,
  sqlType,
  toSql: (value) => value,
  // A field missing from a line an older gateway spilled (added since) is stored as NULL.
  fromJson: (value) => (value ?? null) as V,
});

const bigint = (name: string): Column<bigint> => ({
  name,
  sqlType: 'bigint',
  toSql: (value) => value.toString(),
  fromJson: (value) => BigInt(value as string),
});

const timestamp = (name: string): Column<Date> => ({
  name,
  sqlType: 'timestamptz',
  toSql: (value) => value.toISOString(),
  fromJson: (value) => {
    const date = new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new Error(`not an audit record: bad ${name}`);
    return date;
  },
});

/**
 * The one column table of the audit row. The batch insert's column list, its parameters and the
 * spill-file reader are all derived from it, and the type makes the compiler insist on an entry
 * for every field of the Prisma model: a new audit field is declared in the schema (and its
 * migration) and here, nowhere else.
 */
export const AUDIT_COLUMNS: { readonly [F in keyof AuditRecord]-?: Column<AuditRecord[F]> } = {
  id: plain('id', 'uuid'),
  createdAt: timestamp('created_at'),
  tenantId: plain('tenant_id', 'uuid'),
  customerId: plain('customer_id', 'uuid'),
  apiKeyId: plain('api_key_id', 'uuid'),
  endpointId: plain('endpoint_id', 'uuid'),
  method: plain('method', 'varchar'),
  httpStatus: plain('http_status', 'smallint'),
  errorCode: plain('error_code', 'varchar'),
  errorDetails: {
    name: 'error_details',
    sqlType: 'jsonb',
    toSql: (value) => (value === null ? null : JSON.stringify(value)),
    fromJson: (value) => (value ?? null) as Record<string, unknown> | null,
  },
  latencyMs: plain('latency_ms', 'int'),
  clientIp: plain('client_ip', 'inet'),
  upstreamId: plain('upstream_id', 'uuid'),
  providersTried: plain('providers_tried', 'smallint'),
  quantity: bigint('quantity'),
  wholesalePicoUsd: bigint('wholesale_pico_usd'),
  resalePicoUsd: bigint('resale_pico_usd'),
  customerPricePicoUsd: bigint('customer_price_pico_usd'),
  meters: {
    name: 'meters',
    sqlType: 'jsonb',
    toSql: (value) => (value === null ? null : JSON.stringify(value)),
    fromJson: (value) => value ?? null,
  },
  usageSource: plain('usage_source', 'varchar'),
  streamOutcome: plain('stream_outcome', 'varchar'),
  door: {
    name: 'door',
    sqlType: 'varchar',
    toSql: (value) => value,
    // A line an older gateway spilled (before the OpenAI door) came through the slug's.
    fromJson: (value) => (typeof value === 'string' ? value : 'slug'),
  },
  keyBudgetId: plain('key_budget_id', 'uuid'),
  customerBudgetId: plain('customer_budget_id', 'uuid'),
  tenantBudgetId: plain('tenant_budget_id', 'uuid'),
};

const FIELDS = Object.keys(AUDIT_COLUMNS) as Array<keyof AuditRecord>;

/**
 * One INSERT … SELECT FROM unnest(one array per column) per batch: a single statement whatever the
 * batch size, so it is prepared once per connection. ON CONFLICT makes a retried batch that
 * already landed a no-op (and, in auditBatchStatement, counts nothing twice).
 */
export const INSERT_AUDIT_BATCH_SQL =
  `INSERT INTO audit_records (${FIELDS.map((f) => AUDIT_COLUMNS[f].name).join(', ')}) ` +
  `SELECT * FROM unnest(${FIELDS.map((f, i) => `$${i + 1}::${AUDIT_COLUMNS[f].sqlType}[]`).join(', ')}) ` +
  'ON CONFLICT (id, created_at) DO NOTHING';

/**
 * Work that must commit with a batch, in the same statement (so a batch and its consequences land
 * together or not at all, and a retried batch counts nothing twice): the budget ledger. `sql`
 * continues a `WITH inserted AS (<the batch insert> RETURNING …)` and reads only the rows this
 * statement inserted; `booked` gets its result rows once the statement committed. Provided by the
 * budgets module (AUDIT_BATCH_LEDGER), which the audit module does not import.
 */
export interface AuditBatchLedger {
  readonly sql: string;
  /** Never throws: the records are already committed. `records` is the batch the statement was given. */
  booked(rows: unknown[], records: readonly AuditRecord[]): Promise<void>;
}

export const AUDIT_BATCH_LEDGER = Symbol('AUDIT_BATCH_LEDGER');

/**
 * The columns of `inserted` (the rows a batch statement inserted): what the rollups and the
 * ledger read, not the whole row. Postgres keeps the CTE's rows for the statement's length, so
 * every column left out is one less copied per record.
 */
const INSERTED_FIELDS: ReadonlyArray<keyof AuditRecord> = [
  'id',
  'createdAt',
  'tenantId',
  'customerId',
  'apiKeyId',
  'endpointId',
  'httpStatus',
  'latencyMs',
  'quantity',
  'wholesalePicoUsd',
  'resalePicoUsd',
  'customerPricePicoUsd',
  'meters',
];

/**
 * A batch in one statement: the insert, the daily rollups of the rows it inserted, and a ledger's
 * part where given (else no result rows). One statement is atomic: a batch and its sums land
 * together or not at all, whatever fails or crashes.
 */
export function auditBatchStatement(ledger?: AuditBatchLedger): string {
  const returned = INSERTED_FIELDS.map((field) => AUDIT_COLUMNS[field].name).join(', ');
  return `WITH inserted AS (${INSERT_AUDIT_BATCH_SQL} RETURNING ${returned}), ${ROLLUP_BATCH_CTES}${ledger ? ledger.sql : ' SELECT 1 WHERE false'}`;
}

/**
 * The batch statement's parameter that holds one field of every record of the batch (`$n::type[]`),
 * for a ledger that must see the whole batch, not only the rows it inserted.
 */
export function auditBatchParameterSql(field: keyof AuditRecord): string {
  return `$${FIELDS.indexOf(field) + 1}::${AUDIT_COLUMNS[field].sqlType}[]`;
}

/**
 * The insert's parameters: one per column, in the table's order, each the column's values as one
 * Postgres array literal (`{"a","b",NULL}`), which the statement's `$n::<type>[]` casts. Written
 * here in one pass per column rather than handing pg a JavaScript array per column: pg would build
 * the same text through a generic path (a value conversion and two regular-expression replaces per
 * element, and the intermediate arrays), a batch's largest cost on the event loop (issue 23).
 */
export function auditBatchParameters(records: readonly AuditRecord[]): string[] {
  return FIELDS.map((field) => {
    const column = AUDIT_COLUMNS[field] as Column<unknown>;
    let literal = '{';
    for (let i = 0; i < records.length; i++) {
      if (i > 0) literal += ',';
      literal += arrayElement(column.toSql(records[i][field]));
    }
    return `${literal}}`;
  });
}

/** Characters that must be backslash-escaped inside a quoted array element. */
const ARRAY_ELEMENT_ESCAPES = /["\\]/g;

/** One element of an array literal: NULL, or the value's text quoted (as pg's own arrayString does). */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'string' ? value : (value as number).toString();
  // Nearly every element (ids, timestamps, amounts) has nothing to escape: two scans cost a sixth
  // of a regular-expression replace, and a batch has some fifteen such elements per record.
  if (text.indexOf('"') === -1 && text.indexOf('\\') === -1) return `"${text}"`;
  return `"${text.replace(ARRAY_ELEMENT_ESCAPES, '\\$&')}"`;
}

/** An audit record from its JSON form (a spill-file line); throws on anything that is not one. */
export function auditRecordFromJson(raw: unknown): AuditRecord {
  if (typeof raw !== 'object' || raw === null || typeof (raw as { id?: unknown }).id !== 'string') throw new Error('not an audit record');
  const fields = raw as Record<string, unknown>;
  const record = {} as Record<keyof AuditRecord, unknown>;
  for (const field of FIELDS) record[field] = AUDIT_COLUMNS[field].fromJson(fields[field]);
  return record as AuditRecord;
}

/** The JSON form of a record (bigints as strings): spill files, dead letters, logs. */
export function auditRecordToJson(record: AuditRecord): string {
  return JSON.stringify(record, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
