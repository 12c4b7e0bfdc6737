/**
 * The one catalog of error codes the gateway answers with. Codes are stable API: clients switch on
 * them. Every error body is `{ "error": { "code", "message", "request_id", "docs" } }` (plus `details`
 * for some), `docs` linking the code's section of the error reference. Each entry holds:
 *  - `status`: the HTTP status it is answered with;
 *  - `message`: the default message of the body (a throw may give a more precise one);
 *  - `when`: what it means, when the gateway answers it (Markdown, inline);
 *  - `action`: what the caller does about it (Markdown, inline).
 * docs/api/errors.md is generated from this table (`npm run docs:generate`; a test fails when it drifts).
 */
export const ERROR_CATALOG = {
  missing_api_key: {
    status: 401,
    message: 'Send your API key as "Authorization: Bearer <key>".',
    when: 'no `Authorization` header',
    action: 'Send the key as `Authorization: Bearer <key>` on every call.',
  },
  malformed_api_key: {
    status: 401,
    message: 'The API key is not in the expected format.',
    when: 'not `Bearer <key>`, or the key is not in our format',
    action: 'Send `Bearer gw_…` with the whole key as it was shown when created. A management key (`gwm_…`) is for the reseller API only.',
  },
  invalid_api_key: {
    status: 401,
    message: 'The API key is not valid.',
    when: 'no such key (or a wrong secret)',
    action:
      'Check that the key was copied whole. A key is shown once: if it is lost, create a new one. Failures like this count against the per-address invalid-request limit.',
  },
  revoked_api_key: {
    status: 401,
    message: 'The API key has been revoked.',
    when: 'the key was revoked',
    action: 'Use another key: a revocation is final.',
  },
  expired_api_key: {
    status: 401,
    message: 'The API key has expired.',
    when: 'the key is past its `expires_at`',
    action:
      "Use the key's replacement (after a rotation) or a new key; the key's owner can also move its expiry (`PATCH /api/reseller/v1/keys/{id}`).",
  },
  invalid_admin_token: {
    status: 401,
    message: 'The admin token is missing or not valid.',
    when: 'operator API without a valid admin token',
    action:
      'Send `Authorization: Bearer <ADMIN_TOKEN>` (the variable, or the file `DATA_DIR/admin-token` when it was generated), or sign in as an operator user.',
  },
  invalid_management_key: {
    status: 401,
    message: 'The management key is missing or not valid.',
    when: 'reseller API without a valid, active management key (a gateway key or the admin token is not one) and without a session cookie',
    action: "Send a management key (`gwm_…`) of your tenant that is not revoked, or call from the console with a signed-in user's session.",
  },
  not_signed_in: {
    status: 401,
    message: 'Sign in first: there is no session, or it expired or was ended.',
    when: 'console API without a live session; reseller or operator API with a session cookie whose session expired, ended or never existed',
    action:
      'Sign in again (`POST /api/console/v1/session`). A session ends when idle too long, at its maximum lifetime, at sign-out, or when another session changes the password.',
  },
  invalid_credentials: {
    status: 401,
    message: 'The email or the password is not correct.',
    when: "sign-in (or a password change's `current_password`) with a wrong email or password; the same answer whether or not the email has an account",
    action: 'Check the email and the password. After several failures in a row from your address, attempts are spaced (`account_locked`).',
  },
  budget_exceeded: {
    status: 402,
    message: 'A spend budget is used up for this period; nothing was forwarded or billed.',
    when: "a spend budget of the key, its customer or its tenant is used up: `details.budget_id`, `limit_source` (`key`, `customer`, `tenant`), `subject_id` (that key's, customer's or tenant's id), `period`, `cap_usd`, `spent_usd`, `held_usd`, `resets_at` (null for a lifetime budget); `Retry-After` is the period's end when the spend reached the cap, 1 s when calls in flight hold the rest; not forwarded, not billed",
    action:
      "Retry after `Retry-After`, or have the budget's owner raise its cap (`details.limit_source` says whose: the key's and the customer's belong to the reseller, the tenant's to the operator).",
  },
  tenant_suspended: {
    status: 403,
    message: 'The account that owns this key is suspended.',
    when: "the key's tenant is suspended (gateway and reseller API); a suspended tenant's signed-in user changing anything (console and reseller API)",
    action: 'Ask the operator: only they reactivate a tenant. Its users can still sign in and read.',
  },
  customer_suspended: {
    status: 403,
    message: 'The customer this key belongs to is suspended.',
    when: 'the key belongs to a customer its reseller suspended',
    action: 'Ask the reseller, who resumes the customer (`POST /api/reseller/v1/customers/{id}/resume`).',
  },
  endpoint_not_allowed: {
    status: 403,
    message: "This endpoint's category is not included in your plan.",
    when: "the endpoint's category is not in the tenant's plan (`details.category`, `details.allowed_categories`)",
    action:
      "Call an endpoint your plan includes (`details.allowed_categories`) and your key's and customer's allowed endpoints list, or move to a plan that includes it.",
  },
  csrf_check_failed: {
    status: 403,
    message: "Send the session's X-CSRF-Token header, from the console's own origin.",
    when: "a request authenticated by the session cookie with POST/PUT/PATCH/DELETE: no or a wrong `X-CSRF-Token`, an `Origin` other than the console's, or `Sec-Fetch-Site: cross-site`; sign-up, sign-in and accepting an invitation: a foreign `Origin`",
    action:
      "Send the session's `csrf_token` (from `GET /api/console/v1/session`) in `X-CSRF-Token`, from the console's own origin. A program calls with a bearer key instead of a session.",
  },
  insufficient_role: {
    status: 403,
    message: 'Your role does not allow this.',
    when: "the signed-in user's role does not allow it (`details.role`, `details.required_role`): a viewer writing, a developer on an owner's route, a tenant user on the operator API, an operator on the reseller API",
    action: 'Ask an owner of the tenant to do it, or to give you a role that may (`details.required_role`).',
  },
  plan_change_not_allowed: {
    status: 403,
    message: 'Owners move only between public plans; leaving a private plan, or having none, is the operator’s decision.',
    when: "`PUT /me/plan`: onto no plan, off a private plan or off none (owners move only between public plans; the rest is the operator's)",
    action: "Choose a public plan while on a public plan; any other change is the operator's to make: ask them.",
  },
  endpoint_not_found: {
    status: 404,
    message: 'No catalog endpoint has this slug.',
    when: 'no catalog endpoint has this slug',
    action: 'Check the slug against `GET /api/public/v1/catalog`: slugs are case-sensitive.',
  },
  model_not_found: {
    status: 404,
    message: 'No model of this name serves this route; GET /api/openai/v1/models lists those this key may call.',
    when: 'the OpenAI door (`/api/openai/v1`): no model of this name (catalog id or alias) serves the route',
    action: 'Pick a model of `GET /api/openai/v1/models`: the ones this key may call on this route now.',
  },
  route_not_found: {
    status: 404,
    message: 'No route matches this method and path.',
    when: 'no route matches the method and path',
    action: 'Check the method and the path against the API reference (`/docs`): paths are case-sensitive and take no trailing slash.',
  },
  resource_not_found: {
    status: 404,
    message: 'The resource does not exist.',
    when: 'operator, reseller and console API: no such tenant, customer, key, management key, budget, webhook endpoint or delivery, user, invitation or operator (or one of another tenant)',
    action: "Check the id. Another tenant's resources answer exactly as ids that do not exist.",
  },
  method_not_allowed: {
    status: 405,
    message: 'Use GET or POST on a public endpoint.',
    when: 'a method other than GET/POST (HEAD included) on a public URL (with `Allow: GET, POST`)',
    action: 'Use POST (or GET with the input in the query string), as the `Allow` header says.',
  },
  conflict: {
    status: 409,
    message: 'The resource conflicts with an existing one.',
    when: "the slug, plan name, customer `external_id` or a user's email already exists; a change that would leave a tenant without an owner; a plan still in use is deleted; a key that is not active is rotated; a 21st webhook endpoint; a redeliver of a pending delivery or of one whose endpoint is disabled; a change that raced another request's change of the same resource and lost, or that Postgres undid to break a deadlock with another (nothing changed)",
    action:
      'Read the current state: choose another unique value, or make the change that state allows (the message says which); after a lost race, retry.',
  },
  key_already_rotated: {
    status: 409,
    message: 'This key was rotated already; rotate its replacement instead.',
    when: 'a key in its grace period (rotated already) is rotated again, or given a budget of its own: its budget went to its replacement, so change that one (`details.replaced_by_id`); or its expiry is removed or moved later (an old key’s may only be brought forward)',
    action:
      'Rotate, or set the budget of, the replacement (`details.replaced_by_id`) instead; the old key’s expiry may only be brought forward.',
  },
  precondition_failed: {
    status: 412,
    message: 'The resource changed since you read it (If-Match does not match its ETag); read it again.',
    when: "a write with `If-Match` whose ETag is not the resource's current one (key limits): read it again and redo the change",
    action:
      'Read the resource again (`details.etag` is its current ETag), redo the change on what you read, and send it with that `If-Match`.',
  },
  invalid_json: {
    status: 400,
    message: 'The request body is not valid JSON.',
    when: 'the body is not valid JSON',
    action: 'Send a valid JSON document (check the quoting and escaping).',
  },
  invalid_request: {
    status: 400,
    message: 'The request is not valid.',
    when: "the request target is not a path (absolute form), the body is not a JSON object, fails the slug's schema, asks to stream a non-streaming slug, or names a `model` the endpoint does not offer (`details.allowed_models`); the input is nested too deep, has too many members and items, or contains a NUL (`details.limit`: `depth`, `nodes`, `nul_character`); a query string with a control character, raw or percent-encoded (C0, DEL, C1; e.g. `?q=a%00b`), on any route, checked before routing (`details.limit`: `control_character`); admin input that fails validation (`details.problems`), a malformed slug or id in an admin path, a malformed `cursor`",
    action:
      'Fix what the message names (and `details.problems`, `details.limit` or `details.allowed_models`): the same request fails the same way again.',
  },
  invalid_invitation: {
    status: 400,
    message: 'The invitation is unknown, expired, withdrawn or already used.',
    when: 'accepting an invitation whose token is unknown, malformed, expired, withdrawn or already used, or whose inviter is no longer an owner of the tenant',
    action: 'Ask an owner of the tenant for a new invitation.',
  },
  invalid_password_reset: {
    status: 400,
    message: 'The password reset link is unknown, expired, replaced or already used.',
    when: 'setting a password with a reset token that is unknown, malformed, expired, replaced by a newer link, already used, voided by a password change, or taken back with its issuer’s role',
    action: 'Ask an owner of your organization (operators: another operator) for a new reset link.',
  },
  invalid_setup_token: {
    status: 401,
    message: 'The setup link or admin token is not valid.',
    when: "creating the first operator with a setup token that is unknown, expired or used, or with an admin token that is not the gateway's",
    action:
      'Open the newest setup link from the start-up log (a restart prints a new one), or paste ADMIN_TOKEN (or the file `DATA_DIR/admin-token`).',
  },
  operator_exists: {
    status: 409,
    message: 'An operator exists already: the first-operator setup is closed.',
    when: 'creating the first operator once any operator user exists',
    action: 'Sign in as an operator; operators add further operators in the admin area (POST /api/admin/v1/operators).',
  },
  payload_too_large: {
    status: 413,
    message: 'The request body is larger than the limit.',
    when: 'body over `BODY_LIMIT_BYTES` (default 1 MiB)',
    action: "Send a smaller body; the limit is the deployment's `BODY_LIMIT_BYTES`.",
  },
  request_timeout: {
    status: 408,
    message: 'The request was not received in time.',
    when: "the request (headers or body) did not arrive in time (Node's `headersTimeout` / `requestTimeout`)",
    action: 'Send the headers and the body without stalling; retry on a good connection.',
  },
  headers_too_large: {
    status: 431,
    message: 'The request headers are larger than the limit.',
    when: "the request headers are larger than Node's limit (16 KiB)",
    action: 'Send smaller headers (cookies, tokens): 16 KiB in all.',
  },
  unsupported_media_type: {
    status: 415,
    message: 'Send a JSON body with "Content-Type: application/json".',
    when: 'POST without a JSON `Content-Type`',
    action: "Send `Content-Type: application/json` (the OpenAI door's transcriptions: `multipart/form-data`).",
  },
  upstream_rejected: {
    status: 422,
    message: 'The upstream service rejected the request.',
    when: 'the upstream refused the request with a 4xx (not 408/429): no fallback, not billed',
    action: "Change the request as the message (the upstream's complaint) says: sent unchanged, it is refused again.",
  },
  context_length_exceeded: {
    status: 400,
    message: "The input and requested output exceed the model's context length.",
    when: "the upstream says the input and the requested output (`max_tokens`) exceed the model's context: shorten the input; not retried on another upstream, not billed",
    action: 'Shorten the input, or ask for less output (`max_tokens`), or pick a model with a larger context.',
  },
  content_policy_violation: {
    status: 400,
    message: 'The upstream refused the input under its content policy.',
    when: 'the upstream refused the input under its content policy; not retried, not billed',
    action: "Change the input: the provider's content policy refused it.",
  },
  rate_limited: {
    status: 429,
    message: 'Rate limit exceeded; retry after the time in Retry-After.',
    when: 'a limit is exhausted; `Retry-After` says when to retry; not forwarded, not billed',
    action: 'Wait `Retry-After` seconds. The `RateLimit` and `RateLimit-Policy` headers name each limit, its quota and what is left.',
  },
  account_locked: {
    status: 429,
    message: 'Too many failed sign-ins for this email from your address; retry after the time in Retry-After.',
    when: 'sign-in for this email failed `SIGN_IN_MAX_FAILURES` (5) times in a row **from your address**: refused until a growing delay has passed (1 s, doubling, at most 15 min) whatever the password, `Retry-After` says when; other addresses are not affected; the same for an email without an account',
    action: 'Wait `Retry-After` seconds and check the password before trying again.',
  },
  too_many_streams: {
    status: 429,
    message: 'Too many open streams; close one before opening another.',
    when: 'a stream over the open-stream cap per key or per process (`details.limit`: `key` or `process`); not forwarded, not billed',
    action: 'Close a stream you hold open (`details.limit`: `key`), or retry shortly (`process`: the gateway process is full).',
  },
  internal_error: {
    status: 500,
    message: 'Internal error; quote the request id when reporting it.',
    when: 'a bug; logged with the request id',
    action: 'Report it with the `request_id`. Retry only a call that is safe to repeat.',
  },
  upstream_unavailable: {
    status: 502,
    message: 'No upstream provider could serve the request.',
    when: 'every provider failed (connect error, 5xx, 429)',
    action: 'Retry later. Nothing was billed; the operator sees which upstreams failed in the audit trail and the metrics.',
  },
  endpoint_disabled: {
    status: 503,
    message: 'This endpoint is temporarily disabled.',
    when: 'the operator disabled the endpoint',
    action: 'Retry later or call another endpoint: the operator turned this one off.',
  },
  service_unavailable: {
    status: 503,
    message: 'The service is not ready or is shutting down.',
    when: 'the rate-limit store (Redis) is unreachable: calls fail closed; or a budget change waited too long for the audit trail (a maintenance task held its writes)',
    action: 'Retry after a short wait (the Retry-After header, when given): nothing was forwarded, billed or changed.',
  },
  upstream_timeout: {
    status: 504,
    message: 'The upstream provider did not answer in time.',
    when: 'the last provider tried timed out',
    action: 'Retry later, or ask for less (a shorter output) so that the upstream answers within its deadline.',
  },
  stream_timeout: {
    status: 504,
    message: 'No chunk arrived within the stream idle timeout.',
    when: 'a stream had no chunk for the idle timeout (as a JSON error before the first chunk)',
    action: 'Retry: the upstream fell silent. Nothing was billed before the first chunk; after it, what was generated is.',
  },
  stream_duration_exceeded: {
    status: 504,
    message: 'The stream reached its maximum duration.',
    when: 'in-band only (error event of a started stream), never an HTTP status: the stream reached `STREAM_MAX_DURATION_MS`; the SDKs report it with this status',
    action: 'Ask for less per stream (a lower `max_tokens`); what was generated is billed.',
  },
} as const satisfies Record<string, { status: number; message: string; when: string; action: string }>;

/**
 * Where the gateway serves the error reference (docs/api/errors.md, rendered by app/docs-pages.ts):
 * every error body's `docs` is this path and the code as the fragment.
 */
export const ERROR_DOCS_PATH = '/docs/guide/api/errors';

/** The `docs` link of an error code: a path on the gateway itself, like the other links the gateway sends. */
export function errorDocsLink(code: string): string {
  return `${ERROR_DOCS_PATH}#${code}`;
}

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
  error: { code: ErrorCode; message: string; request_id: string; docs: string; details?: Record<string, unknown> };
}

export function errorBody(error: GatewayError, requestId: string): ErrorBody {
  const body: ErrorBody = { error: { code: error.code, message: error.message, request_id: requestId, docs: errorDocsLink(error.code) } };
  if (error.details) body.error.details = error.details;
  return body;
}
