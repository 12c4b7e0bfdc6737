/**
 * The one catalog of error codes the gateway answers with. Codes are stable API: clients switch on
 * them. Every error body is `{ "error": { "code", "message", "request_id" } }` (plus `details` for
 * some). README "Errors" mirrors this table.
 */
export const ERROR_CATALOG = {
  missing_api_key: { status: 401, message: 'Send your API key as "Authorization: Bearer <key>".' },
  malformed_api_key: { status: 401, message: 'The API key is not in the expected format.' },
  invalid_api_key: { status: 401, message: 'The API key is not valid.' },
  revoked_api_key: { status: 401, message: 'The API key has been revoked.' },
  expired_api_key: { status: 401, message: 'The API key has expired.' },
  invalid_admin_token: { status: 401, message: 'The admin token is missing or not valid.' },
  invalid_management_key: { status: 401, message: 'The management key is missing or not valid.' },
  not_signed_in: { status: 401, message: 'Sign in first: there is no session, or it expired or was ended.' },
  invalid_credentials: { status: 401, message: 'The email or the password is not correct.' },
  budget_exceeded: { status: 402, message: 'A spend budget is used up for this period; nothing was forwarded or billed.' },
  tenant_suspended: { status: 403, message: 'The account that owns this key is suspended.' },
  customer_suspended: { status: 403, message: 'The customer this key belongs to is suspended.' },
  endpoint_not_allowed: { status: 403, message: "This endpoint's category is not included in your plan." },
  csrf_check_failed: { status: 403, message: "Send the session's X-CSRF-Token header, from the console's own origin." },
  insufficient_role: { status: 403, message: 'Your role does not allow this.' },
  plan_change_not_allowed: {
    status: 403,
    message: 'Owners move only between public plans; leaving a private plan, or having none, is the operator’s decision.',
  },
  endpoint_not_found: { status: 404, message: 'No catalog endpoint has this slug.' },
  model_not_found: {
    status: 404,
    message: 'No model of this name serves this route; GET /api/openai/v1/models lists those this key may call.',
  },
  route_not_found: { status: 404, message: 'No route matches this method and path.' },
  resource_not_found: { status: 404, message: 'The resource does not exist.' },
  method_not_allowed: { status: 405, message: 'Use GET or POST on a public endpoint.' },
  conflict: { status: 409, message: 'The resource conflicts with an existing one.' },
  key_already_rotated: { status: 409, message: 'This key was rotated already; rotate its replacement instead.' },
  precondition_failed: {
    status: 412,
    message: 'The resource changed since you read it (If-Match does not match its ETag); read it again.',
  },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_request: { status: 400, message: 'The request is not valid.' },
  invalid_invitation: { status: 400, message: 'The invitation is unknown, expired, withdrawn or already used.' },
  payload_too_large: { status: 413, message: 'The request body is larger than the limit.' },
  request_timeout: { status: 408, message: 'The request was not received in time.' },
  headers_too_large: { status: 431, message: 'The request headers are larger than the limit.' },
  unsupported_media_type: { status: 415, message: 'Send a JSON body with "Content-Type: application/json".' },
  upstream_rejected: { status: 422, message: 'The upstream service rejected the request.' },
  context_length_exceeded: { status: 400, message: "The input and requested output exceed the model's context length." },
  content_policy_violation: { status: 400, message: 'The upstream refused the input under its content policy.' },
  rate_limited: { status: 429, message: 'Rate limit exceeded; retry after the time in Retry-After.' },
  account_locked: {
    status: 429,
    message: 'Too many failed sign-ins for this email from your address; retry after the time in Retry-After.',
  },
  too_many_streams: { status: 429, message: 'Too many open streams; close one before opening another.' },
  internal_error: { status: 500, message: 'Internal error; quote the request id when reporting it.' },
  upstream_unavailable: { status: 502, message: 'No upstream provider could serve the request.' },
  endpoint_disabled: { status: 503, message: 'This endpoint is temporarily disabled.' },
  service_unavailable: { status: 503, message: 'The service is not ready or is shutting down.' },
  upstream_timeout: { status: 504, message: 'The upstream provider did not answer in time.' },
  stream_timeout: { status: 504, message: 'No chunk arrived within the stream idle timeout.' },
  stream_duration_exceeded: { status: 504, message: 'The stream reached its maximum duration.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** A failure the caller should see with a stable code. Throw it anywhere; the global filter renders it. */
export class GatewayError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
    /** Headers the response must carry, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOG[code].message);
    this.status = ERROR_CATALOG[code].status;
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; request_id: string; details?: Record<string, unknown> };
}

export function errorBody(error: GatewayError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message, request_id: requestId } };
  if (error.details) body.error.details = error.details;
  return body;
}
