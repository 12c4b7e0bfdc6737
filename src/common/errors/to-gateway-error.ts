import { HttpException } from '@nestjs/common';
import { GatewayError } from './error-catalog';

/** Express body-parser failures carry a `type`; map the ones a client can cause. */
const BODY_PARSER_ERRORS: Record<string, GatewayError['code']> = {
  'entity.parse.failed': 'invalid_json',
  'entity.too.large': 'payload_too_large',
  'encoding.unsupported': 'unsupported_media_type',
  'charset.unsupported': 'unsupported_media_type',
  'request.aborted': 'invalid_request',
};

/** deadlock_detected and serialization_failure: Postgres undid the transaction, which may simply be retried. */
const TRANSACTION_CONFLICTS: ReadonlySet<unknown> = new Set(['40P01', '40001']);

/** The SQLSTATE under a Prisma error of a raw query (P2010) through the driver adapter; undefined for anything else. */
export function sqlStateOf(err: unknown): unknown {
  return (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta?.driverAdapterError?.cause
    ?.originalCode;
}

/**
 * Any thrown value → the GatewayError the client sees. Returns `unexpected: true` for errors that
 * are bugs or outages (logged with the request id, answered with a generic 500).
 */
export function toGatewayError(exception: unknown): { error: GatewayError; unexpected: boolean; lostRace?: true } {
  if (exception instanceof GatewayError) return { error: exception, unexpected: false };

  const bodyParserType = (exception as { type?: unknown })?.type;
  if (typeof bodyParserType === 'string' && BODY_PARSER_ERRORS[bodyParserType]) {
    return { error: new GatewayError(BODY_PARSER_ERRORS[bodyParserType]), unexpected: false };
  }

  // A write that lost a race with another request on the same rows, where its service did not say
  // more: what it read was removed or replaced meanwhile (P2025: the row an update or delete
  // required is gone), or the other wrote the unique value first (P2002). A retry reads it anew.
  // Known by its name: common/ imports no other module, the generated client included.
  if (exception instanceof Error && exception.name === 'PrismaClientKnownRequestError') {
    const { code } = exception as Error & { code?: unknown };
    if (code === 'P2025')
      return {
        error: new GatewayError('conflict', 'The resource was changed or removed by another request meanwhile; read it again and retry.'),
        unexpected: false,
        lostRace: true,
      };
    if (code === 'P2002') return { error: new GatewayError('conflict'), unexpected: false, lostRace: true };
    // Postgres undid the transaction to break a deadlock or a serialization conflict with another
    // (P2034 from a model query; a raw one's P2010 carries the SQLSTATE): nothing was changed.
    if (code === 'P2034' || (code === 'P2010' && TRANSACTION_CONFLICTS.has(sqlStateOf(exception))))
      return {
        error: new GatewayError('conflict', 'The change met another one at the same moment and was undone; retry.'),
        unexpected: false,
        lostRace: true,
      };
  }

  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse() as { message?: unknown } | string;
    const messages = typeof response === 'object' ? response.message : undefined;
    if (status === 404) return { error: new GatewayError('route_not_found'), unexpected: false };
    if (status === 405) return { error: new GatewayError('method_not_allowed'), unexpected: false };
    if (status === 413) return { error: new GatewayError('payload_too_large'), unexpected: false };
    if (status === 415) return { error: new GatewayError('unsupported_media_type'), unexpected: false };
    if (status === 400 || status === 422) {
      const details = Array.isArray(messages) ? { problems: messages } : undefined;
      return {
        error: new GatewayError('invalid_request', typeof messages === 'string' ? messages : undefined, details),
        unexpected: false,
      };
    }
    if (status === 429) return { error: new GatewayError('rate_limited'), unexpected: false };
  }
  return { error: new GatewayError('internal_error'), unexpected: true };
}
