import 'reflect-metadata';
import { availableParallelism } from 'node:os';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  Validate,
  ValidationArguments,
  ValidatorConstraint,
  ValidateIf,
  ValidatorConstraintInterface,
  validateSync,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
/** `value`: the variable's text, or the field's default (a boolean) when it is unset. */
const toBool = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'string' ? value : typeof value === 'boolean' || typeof value === 'number' ? String(value) : '';
  return ['1', 'true', 'yes', 'on'].includes(text.toLowerCase());
};

/**
 * Words that mark a value copied from an example rather than generated, and runs of one character.
 * A token like that is public knowledge (it was in a compose file or a tutorial): refuse to start.
 */
const PLACEHOLDER_TOKEN = /change.?me|replace.?me|placeholder|example|dummy|your.?(admin.?)?token|^(.)\2+$/i;

/** Not a placeholder: no well-known example value (`change-me…`, `example`, `your-token`, one repeated character) and at least 10 distinct characters. */
@ValidatorConstraint({ name: 'notAPlaceholder' })
class NotAPlaceholder implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return true;
    return !PLACEHOLDER_TOKEN.test(value) && new Set(value).size >= 10;
  }

  defaultMessage(args: ValidationArguments): string {
    return `${args.property} looks like a placeholder (a well-known example value or too few distinct characters); generate one, e.g. \`openssl rand -base64 32\``;
  }
}

/** An origin: `http(s)://`, host and port only (no path, no trailing slash). */
@ValidatorConstraint({ name: 'isAnOrigin' })
class IsAnOrigin implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  }

  defaultMessage(): string {
    return 'CONSOLE_ORIGIN must be an origin: scheme, host and port only, e.g. https://console.example.com';
  }
}

/** Not `PORT` (`0`, any free port, excepted). */
@ValidatorConstraint({ name: 'notTheMainPort' })
class NotTheMainPort implements ValidatorConstraintInterface {
  validate(value: unknown, args: ValidationArguments): boolean {
    return value === 0 || value !== (args.object as EnvironmentVariables).PORT;
  }

  defaultMessage(): string {
    return 'METRICS_PORT must differ from PORT';
  }
}

/** 32 bytes in base64 (or base64url), e.g. `openssl rand -base64 32`. */
@ValidatorConstraint({ name: 'is32BytesBase64' })
class Is32BytesBase64 implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && /^[A-Za-z0-9+/_-]{43}=?$/.test(value.trim()) && Buffer.from(value.trim(), 'base64').length === 32;
  }

  defaultMessage(): string {
    return 'WEBHOOK_SECRETS_KEY must be 32 bytes in base64, e.g. `openssl rand -base64 32`';
  }
}

/** One cluster node as REDIS_CLUSTER_NODES lists it. */
export interface RedisClusterNode {
  host: string;
  port: number;
}

/**
 * REDIS_CLUSTER_NODES as nodes: `host:port` items, comma-separated (spaces around them ignored); an
 * IPv6 host in brackets (`[::1]:7000`). Null when one is not of that form.
 */
export function parseRedisClusterNodes(value: string): RedisClusterNode[] | null {
  const nodes: RedisClusterNode[] = [];
  for (const item of value.split(',').map((s) => s.trim())) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(item);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) return null;
    nodes.push({ host: match[1].replace(/^\[|\]$/g, ''), port });
  }
  return nodes;
}

/** A list of `host:port` cluster nodes. */
@ValidatorConstraint({ name: 'isClusterNodeList' })
class IsClusterNodeList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseRedisClusterNodes(value) !== null;
  }

  defaultMessage(): string {
    return 'REDIS_CLUSTER_NODES must list cluster nodes as host:port, comma-separated, e.g. 10.0.0.1:6379,10.0.0.2:6379 (an IPv6 host in brackets)';
  }
}

/**
 * Every environment variable the gateway reads, with its default. Validated once at boot (every
 * problem listed at once); nothing else reads process.env but the upstream secrets
 * (`UPSTREAM_SECRET_<NAME>`, named by the catalog). docs/operate/configuration.md is generated from
 * this class: each property's doc comment, type, default (`@default` where it is not a value) and
 * constraints (`npm run docs:generate`; a test fails when it drifts).
 */
export class EnvironmentVariables {
  /** Accepted for the tools of the Node ecosystem (the Docker image sets `production`); the gateway behaves the same whatever its value. */
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  /** The port of the main listener: every API, the web app, /docs, /metrics (behind ADMIN_TOKEN) and the probes. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** The address of the main listener (`0.0.0.0`: every IPv4 interface). */
  @IsString()
  HOST = '0.0.0.0';

  /**
   * A second port serving only `GET /metrics`, without authentication (for a scraper on a private
   * network); `0`: any free port. Must differ from PORT. `/metrics` on PORT, behind ADMIN_TOKEN, is
   * always there.
   * @default none
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  @Validate(NotTheMainPort)
  METRICS_PORT?: number;

  /** Address of the METRICS_PORT listener: loopback unless deliberately opened (it has no authentication); open it (`0.0.0.0`) only on a private network. */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /**
   * Postgres connection string (`postgres://` or `postgresql://`). Absent: a real Postgres embedded
   * from npm, its data under DATA_DIR, listening on 127.0.0.1:EMBEDDED_PG_PORT.
   * @default embedded Postgres
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /**
   * A streaming replica of DATABASE_URL's Postgres (`postgres://` or `postgresql://`) for the reads
   * that tolerate staleness: the usage reports, the audit trail's lists, details and exports, and the
   * measured latencies of the catalogs. Everything else, and every write, stays on DATABASE_URL. A
   * replica that is unreachable or lags more than DATABASE_READ_MAX_LAG_MS is skipped: those reads go
   * to DATABASE_URL. Needs DATABASE_URL. See docs/operate/scaling.md.
   * @default none (every read on DATABASE_URL)
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_READ_URL must be a postgres:// URL' })
  DATABASE_READ_URL?: string;

  /**
   * The most a read served by DATABASE_READ_URL may lag the primary: the replica answers only while
   * its last replayed commit is at most this old, else the read goes to DATABASE_URL.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DATABASE_READ_MAX_LAG_MS = 30_000;

  /**
   * Redis connection string (`redis://` or `rediss://`): shared limits, budget copies and cache
   * invalidation; needed for more than one process. Absent (and no REDIS_CLUSTER_NODES): all of them
   * in process (one process only).
   * @default in-process
   */
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  /**
   * A Redis Cluster instead of one Redis: some of its nodes as `host:port`, comma-separated (the
   * rest are discovered; list several so that the gateway starts and keeps its event subscription
   * while one is down). The same features as REDIS_URL; not together with it. Key names, and what a
   * failover may reset: docs/operate/scaling.md.
   * @default none
   */
  @IsOptional()
  @Validate(IsClusterNodeList)
  REDIS_CLUSTER_NODES?: string;

  /**
   * Longest wait for one Redis command (a public call answers 503 after at most this when Redis hangs).
   * A reply that arrived while the process was busy for longer still counts (it is read before the
   * command fails).
   */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(60_000)
  REDIS_COMMAND_TIMEOUT_MS = 1000;

  /** Prefix of every Redis key and channel this deployment uses (lets several deployments share one Redis). */
  @IsString()
  REDIS_KEY_PREFIX = 'gw:';

  /**
   * The gateway's own files: the embedded Postgres's data, the generated admin token, session secret
   * and webhook secrets key, the audit spill and dead-letter files.
   */
  @IsString()
  DATA_DIR = '.data';

  /**
   * The built web app (website, console, admin area) that the gateway serves, relative to the working
   * directory (like `prisma/migrations`); without an `index.html` there the APIs run alone, with a warning.
   */
  @IsString()
  WEB_APP_DIR = 'web/dist';

  /**
   * The documentation pages (the repository's docs/) that the gateway serves as HTML under
   * /docs/guide, the error reference that every error body's `docs` links to among them. Relative to
   * the working directory, like WEB_APP_DIR; a page missing there answers `404 route_not_found`.
   */
  @IsString()
  DOCS_DIR = 'docs';

  /** The port of the embedded Postgres (without DATABASE_URL only), on 127.0.0.1. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT = 54329;

  /**
   * Bearer token of the operator API (and of /metrics and the detailed /readyz): at least 24
   * characters, not a placeholder. Absent: generated once into DATA_DIR/admin-token.
   * @default generated into `DATA_DIR/admin-token`
   */
  @IsOptional()
  @IsString()
  @MinLength(24, { message: 'ADMIN_TOKEN must be at least 24 characters' })
  @Validate(NotAPlaceholder)
  ADMIN_TOKEN?: string;

  /**
   * Signs the console's session cookies (HMAC): at least 32 characters, not a placeholder. Absent:
   * generated once into DATA_DIR/session-secret. Every process of a deployment needs the same one, or
   * a cookie signed by one is refused by another.
   * @default generated into `DATA_DIR/session-secret`
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'SESSION_SECRET must be at least 32 characters' })
  @Validate(NotAPlaceholder)
  SESSION_SECRET?: string;

  /** A console session unused for this long ends (each request moves its expiry: rolling). */
  @Transform(toInt)
  @IsInt()
  @Min(60_000)
  @Max(30 * 86_400_000)
  SESSION_IDLE_TIMEOUT_MS = 12 * 3_600_000;

  /** A console session ends this long after its sign-in, however busy: then sign in again. */
  @Transform(toInt)
  @IsInt()
  @Min(60_000)
  @Max(365 * 86_400_000)
  SESSION_MAX_LIFETIME_MS = 7 * 86_400_000;

  /**
   * Consecutive failed sign-ins for one email from one client address after which that pair's
   * attempts are spaced by a growing delay (SIGN_IN_DELAY_BASE_MS, doubling, SIGN_IN_DELAY_MAX_MS).
   * It replaces `SIGN_IN_LOCKOUT_MS`, which is no longer read.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  SIGN_IN_MAX_FAILURES = 5;

  /** The wait after SIGN_IN_MAX_FAILURES failures of an (email, address) pair; doubles with each further failure. Not above SIGN_IN_DELAY_MAX_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  SIGN_IN_DELAY_BASE_MS = 1000;

  /** The longest wait between two sign-in attempts of one (email, address) pair; not below SIGN_IN_DELAY_BASE_MS. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  SIGN_IN_DELAY_MAX_MS = 900_000;

  /** Sign-ins, sign-ups and invitation acceptances per window per client IP (every email together). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  SIGN_IN_RATE_LIMIT = 30;

  /**
   * The origin the console is served from (`https://console.example.com`), which cookie-authenticated
   * POST/PUT/PATCH/DELETE must come from (Origin header). Absent: the request's own origin (its Host,
   * and X-Forwarded-Host/-Proto where TRUST_PROXY trusts the hop); set it when a proxy rewrites `Host`
   * without `X-Forwarded-Host`. The session cookie is `Secure` unless a request is plain HTTP to a
   * loopback host, and always when this is `https://`.
   * @default the request's own
   */
  @IsOptional()
  @Validate(IsAnOrigin)
  CONSOLE_ORIGIN?: string;

  /**
   * Express "trust proxy": false (default: the socket address is the client IP), true, a hop count,
   * or a comma-separated list of trusted proxy addresses/subnets (`loopback`, `10.0.0.0/8`). Only then
   * is X-Forwarded-For read.
   */
  @IsString()
  TRUST_PROXY = 'false';

  /** Length of the rate-limit window (fixed, starting at a bucket's first call), in seconds. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(86_400)
  RATE_LIMIT_WINDOW_SECONDS = 60;

  /** Calls per window per client IP that fail authentication or name an unknown slug. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  INVALID_REQUEST_RATE_LIMIT = 120;

  /** Requests per window per client IP on the operator API. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ADMIN_RATE_LIMIT = 600;

  /**
   * How long a call's budget hold lasts when its audit record never lands in the ledger (its process
   * died; Postgres is down past it): then the hold lapses. Longer than any call runs.
   */
  @Transform(toInt)
  @IsInt()
  @Min(60_000)
  @Max(86_400_000)
  BUDGET_HOLD_MAX_MS = 3_600_000;

  /**
   * How long setting a new budget (or a new period) waits for the audit batches being written: its
   * ledger starts from the records present, so it waits for those in flight. It also waits for a
   * rollup rebuild (`npm run rollups:rebuild`, which can take minutes on a large trail) and for the
   * audit partitions' maintenance (milliseconds); past this wait the change is refused with 503
   * and Retry-After, and nothing is changed.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(120_000)
  BUDGET_CHANGE_LOCK_WAIT_MS = 10_000;

  /** Largest accepted request body of a public call (`413 payload_too_large` above it). */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(64 * 1024 * 1024)
  BODY_LIMIT_BYTES = 1_048_576;

  /**
   * A request refused before its body is read (413, a bad key, an unknown slug) is answered and then
   * closed gracefully: the rest of its body is read and dropped, up to this many bytes after the
   * answer, so that a client still sending reads the answer instead of a reset. Above the largest
   * body a client is likely to send at the gateway (a 12 MiB upload is common); reading is cheap.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1024 * 1024 * 1024)
  LINGERING_CLOSE_MAX_BYTES = 32 * 1024 * 1024;

  /** The time bound of that graceful close: the connection is cut this long after the answer at the latest. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(120_000)
  LINGERING_CLOSE_MAX_MS = 10_000;

  /**
   * How long a verified key stays cached in a process (`0`: no cache); revocation is also broadcast at
   * once. Capped at 60 s: the last safety net should an invalidation ever be missed.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  KEY_CACHE_TTL_MS = 30_000;

  /**
   * Rows per page a CSV export (audit trail, usage and revenue reports) reads from Postgres and writes
   * before it reads the next: what one export holds in memory at most, whatever its range.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  EXPORT_PAGE_SIZE = 1000;

  /**
   * Records per audit batch statement, at most. 2,000 rather than 500: with the rollups upserted in
   * the same statement, bench:audit lands 22,294 records/s at 2,000 and 19,736 at 500 (idle VM).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUDIT_BATCH_SIZE = 2000;

  /**
   * Audit batches written at once (each on its own pooled connection) when a backlog holds several.
   * 2: on an idle VM bench:audit lands 20,648-21,990 records/s with two in flight against
   * 15,943-15,954 with one (the rollups' upserts leave a core idle while one statement runs).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(8)
  AUDIT_WRITE_CONCURRENCY = 2;

  /**
   * How often the audit writer sends what it holds (a batch also goes as soon as it is full). What
   * arrives while a batch is being written waits for the next tick, so under load the batches hold
   * this interval's calls, not the few dozen that arrive during one insert.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUDIT_FLUSH_INTERVAL_MS = 250;

  /**
   * Months of audit records kept: the current month and this many full months before it; older
   * monthly partitions are dropped (the daily rollups, the statements and the budget ledger are
   * kept). 0 keeps every record. At least 2 otherwise, so that a budget period, the month being
   * closed and its late arrivals always have their records.
   */
  @Transform(toInt)
  @IsInt()
  @ValidateIf((_env, value) => value !== 0)
  @Min(2, { message: 'AUDIT_RETENTION_MONTHS must be 0 (keep every record) or at least 2' })
  @Max(1200)
  AUDIT_RETENTION_MONTHS = 0;

  /** Monthly audit partitions created ahead of the current month (a record of a month without one waits in the default partition). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24)
  AUDIT_PARTITIONS_AHEAD_MONTHS = 3;

  /** How often one process checks the audit partitions (create ahead, apply retention); every process also does at start. */
  @Transform(toInt)
  @IsInt()
  @Min(60_000)
  AUDIT_PARTITION_CHECK_INTERVAL_MS = 3_600_000;

  /** Records held in memory while Postgres is unreachable; past this they spill to DATA_DIR/audit-spill/. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUDIT_BUFFER_MAX = 100_000;

  /**
   * At shutdown, how long the audit writer retries a failing or silent Postgres before it spills
   * what it holds to disk (replayed at the next start). A stop takes at most SHUTDOWN_GRACE_MS +
   * this + 5 s: keep that within the time the platform gives a stopping process (Docker's
   * stop_grace_period, Kubernetes' terminationGracePeriodSeconds).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  AUDIT_DRAIN_TIMEOUT_MS = 10_000;

  /** Added latency of the built-in simulator provider (demo upstream). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SIMULATOR_LATENCY_MS = 0;

  /** Pause between streamed chunks of the simulator. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SIMULATOR_CHUNK_INTERVAL_MS = 20;

  /** A stream with no chunk for this long ends with `stream_timeout` (spec: 120 s). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_IDLE_TIMEOUT_MS = 120_000;

  /** Interval of `:` keep-alive comments while the upstream is silent. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_KEEPALIVE_MS = 15_000;

  /** A stream whose client takes no bytes for this long (a write waiting for drain) is cut off and audited as `aborted`. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_WRITE_TIMEOUT_MS = 30_000;

  /** Longest a stream may last, from its first chunk; past it, the `stream_duration_exceeded` event ends it. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_MAX_DURATION_MS = 1_800_000;

  /** Open streams per API key in one process; over it a new stream is `429 too_many_streams`. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_MAX_CONCURRENT_PER_KEY = 50;

  /** Open streams in one process; over it a new stream is `429 too_many_streams`. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  STREAM_MAX_CONCURRENT = 10_000;

  /** Largest whole (non-stream) upstream answer, unless the upstream sets max_response_bytes. */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  UPSTREAM_MAX_RESPONSE_BYTES = 10_485_760;

  /** Longest a whole (non-stream) upstream call may take, connect to last byte, unless the upstream sets deadline_ms. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  UPSTREAM_DEADLINE_MS = 120_000;

  /** How long shutdown waits for in-flight calls before closing them. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SHUTDOWN_GRACE_MS = 10_000;

  /**
   * How many gateway processes serve the one port (node:cluster workers sharing Redis and Postgres):
   * a number from 1 to 64, or `auto` for one per core. Above 1 it needs Redis (REDIS_URL or
   * REDIS_CLUSTER_NODES) and DATABASE_URL
   * (limits, budgets and the key cache's revocations are shared through Redis; the embedded Postgres
   * serves one process). See docs/operate/scaling.md.
   */
  @Matches(/^(auto|[1-9]|[1-5][0-9]|6[0-4])$/, { message: 'GATEWAY_PROCESSES must be a number from 1 to 64, or auto (one per core)' })
  GATEWAY_PROCESSES = '1';

  /**
   * Run the background jobs (webhook attempts, the webhook sweep, the statements job, the audit
   * partitions, pg-boss maintenance) in this process. false: the process only adds jobs, for others to run.
   */
  @Transform(toBool)
  @IsBoolean()
  JOB_WORKER = true;

  /** Prefix of this deployment's job queue names (pg-boss, in the `pgboss` schema of the same database). */
  @Matches(/^[a-z0-9_.-]{0,40}$/, { message: 'JOB_QUEUE_PREFIX must be at most 40 of a-z, 0-9, _ . -' })
  JOB_QUEUE_PREFIX = 'gw.';

  /** How often an idle job worker looks for due jobs (pg-boss allows no less than 500 ms); a job added or due in this process wakes its workers at once. */
  @Transform(toInt)
  @IsInt()
  @Min(500)
  @Max(60_000)
  JOB_POLL_INTERVAL_MS = 2000;

  /** Longest one webhook delivery attempt may take, from connecting to the end of the answer's head. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS = 10_000;

  /** The first retry's delay; each next one doubles (at most an hour), with ±20 % jitter. */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS = 30_000;

  /** How long after the event (or a redeliver) a delivery is retried before it fails. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(7 * 86_400_000)
  WEBHOOK_RETRY_WINDOW_MS = 86_400_000;

  /** Allow http:// webhook URLs (development and tests); otherwise https:// only. */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_HTTP = false;

  /**
   * Allow webhook URLs whose host is (or resolves to) a loopback, private, link-local or otherwise
   * non-public address (development and tests); otherwise they are refused (SSRF).
   */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /**
   * How often the webhook sweep runs (keys that reached their expiry, budget alerts left
   * unpublished, the delivery log's retention). 0: this process runs none (keep it on in at least one).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  WEBHOOK_SWEEP_INTERVAL_MS = 60_000;

  /**
   * How long after a UTC month ends its statements close (freeze): audit records of the month still
   * in flight then (buffered, retried, spilled) land in the statements rather than as adjustments.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10_080)
  STATEMENT_CLOSE_GRACE_MINUTES = 60;

  /**
   * How often the statements job runs here (it closes the months that are due and reconciles the
   * recently closed ones; it also runs when a close falls due). 0: this process runs none (keep it on
   * in at least one).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  STATEMENT_JOB_INTERVAL_MS = 3_600_000;

  /**
   * How often the plan changes job runs here (it makes the owners' plan changes scheduled for a
   * month's start; it also runs when a month starts). 0: this process runs none (keep it on in at
   * least one).
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  PLAN_CHANGE_JOB_INTERVAL_MS = 600_000;

  /** Deliveries older than this (and no longer pending) leave the delivery log. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  WEBHOOK_LOG_RETENTION_DAYS = 30;

  /**
   * Key that encrypts webhook signing secrets at rest (AES-256-GCM): 32 bytes, base64 (`openssl rand
   * -base64 32`). Absent: generated once into DATA_DIR/webhook-secrets.key. Every process of a
   * deployment needs the same.
   * @default generated into `DATA_DIR/webhook-secrets.key`
   */
  @IsOptional()
  @Validate(Is32BytesBase64)
  WEBHOOK_SECRETS_KEY?: string;

  /** JSON logs (pino) from this level up; keys and tokens are redacted. */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /** Log one line per public request: request id, key prefix, slug, status, latency (off by default: the audit trail records every request anyway). */
  @Transform(toBool)
  @IsBoolean()
  LOG_REQUESTS = false;
}

export type AppConfig = Readonly<EnvironmentVariables> & {
  /** Parsed TRUST_PROXY, as Express's "trust proxy" setting takes it. */
  readonly trustProxy: boolean | number | string[];
};

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigValidationError extends Error {}

/** Validates an environment (process.env by default) and returns the typed config, or throws listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const known = Object.keys(new EnvironmentVariables());
  const picked: Record<string, string> = {};
  for (const name of [
    ...known,
    'DATABASE_URL',
    'DATABASE_READ_URL',
    'REDIS_URL',
    'REDIS_CLUSTER_NODES',
    'ADMIN_TOKEN',
    'METRICS_PORT',
    'WEBHOOK_SECRETS_KEY',
    'SESSION_SECRET',
    'CONSOLE_ORIGIN',
  ]) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  const parsed = plainToInstance(EnvironmentVariables, picked, { exposeDefaultValues: true });
  const errors = validateSync(parsed, { whitelist: true, forbidNonWhitelisted: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `  - ${e.property}: ${m}`));
    throw new ConfigValidationError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.SIGN_IN_DELAY_BASE_MS > parsed.SIGN_IN_DELAY_MAX_MS) {
    throw new ConfigValidationError('Invalid configuration:\n  - SIGN_IN_DELAY_BASE_MS: must not exceed SIGN_IN_DELAY_MAX_MS');
  }
  const redisProblems = redisConfigProblems(parsed);
  if (redisProblems.length > 0)
    throw new ConfigValidationError(`Invalid configuration:\n${redisProblems.map((p) => `  - ${p}`).join('\n')}`);
  if (parsed.DATABASE_READ_URL && !parsed.DATABASE_URL) {
    throw new ConfigValidationError(
      'Invalid configuration:\n  - DATABASE_READ_URL: needs DATABASE_URL (a replica of the Postgres it names; the embedded Postgres has none)',
    );
  }
  // Workers that kept limits in process, or each ran an embedded Postgres, would each enforce and
  // record their own share: several processes need the shared Redis and Postgres.
  if (gatewayProcessCount(parsed.GATEWAY_PROCESSES) > 1) {
    const missing = [
      ...(parsed.REDIS_URL || parsed.REDIS_CLUSTER_NODES ? [] : ['REDIS_URL']),
      ...(parsed.DATABASE_URL ? [] : ['DATABASE_URL']),
    ];
    if (missing.length > 0) {
      throw new ConfigValidationError(
        `Invalid configuration:\n  - GATEWAY_PROCESSES: more than one process needs ${missing.join(' and ')} (shared by every process)`,
      );
    }
  }
  return Object.freeze({
    ...parsed,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
  });
}

/** GATEWAY_PROCESSES as a count: `auto` is the cores this process may use (os.availableParallelism). */
export function gatewayProcessCount(setting: string): number {
  return setting === 'auto' ? availableParallelism() : Number(setting);
}

/** What no single variable's check sees: one Redis or a cluster, and a key prefix that keeps keys spread over the cluster. */
function redisConfigProblems(parsed: EnvironmentVariables): string[] {
  if (!parsed.REDIS_CLUSTER_NODES) return [];
  const problems: string[] = [];
  if (parsed.REDIS_URL)
    problems.push('REDIS_CLUSTER_NODES: set either REDIS_URL (one Redis) or REDIS_CLUSTER_NODES (a Redis Cluster), not both');
  // The cluster hashes the first {…} of a key: braces in the prefix would put every key of the
  // deployment in one slot (one node), and the callers' own hash tags would be ignored.
  if (/[{}]/.test(parsed.REDIS_KEY_PREFIX)) {
    problems.push('REDIS_KEY_PREFIX: must not contain { or } with REDIS_CLUSTER_NODES (the cluster would hash every key to one slot)');
  }
  return problems;
}

function parseTrustProxy(raw: string): boolean | number | string[] {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
