// Generated from the gateway's OpenAPI document by web/codegen/openapi-types.ts. Do not edit:
// regenerate (see that file) when the API changes; test/web/api-types.e2e-spec.ts checks it is current.

export type AcceptInvitationRequest = {
  /** The token of POST /users (`gwi_…`). */
  token: string;
  name: string;
  /** 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation). */
  password: string;
};

export type ApiKeyPage = {
  data: ApiKeyView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type ApiKeyStatus = 'active' | 'revoked';

export type ApiKeyView = {
  id: string;
  tenant_id: string;
  /** The tenant's customer the key belongs to; null for the tenant's own keys. */
  customer_id: string | null;
  name: string;
  /** The visible part of the key (`gw_` and 12 characters), for telling keys apart. */
  prefix: string;
  status: ApiKeyStatus;
  rate_limit_per_window: number | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  /** The key this one replaced by rotation. */
  rotated_from_id: string | null;
  /** When the key last called the gateway (from the audit trail); null: never. */
  last_used_at: string | null;
};

export type AuditRecordMeterView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items). */
  quantity: number;
  /** What this meter of the call cost the operator (wholesale). */
  wholesale_usd: UsdAmount;
  /** What the tenant owes the operator for this meter (resale). */
  resale_usd: UsdAmount;
  /** What the caller was billed for this meter: the call's `meters[].billed_usd`. */
  billed_usd: UsdAmount;
};

export type AuditRecordPage = {
  data: AuditRecordView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type AuditRecordView = {
  /** The X-Service-Request-Id of the call. */
  request_id: string;
  created_at: string;
  tenant_id: string | null;
  /** The tenant's customer whose key called. */
  customer_id: string | null;
  api_key_id: string | null;
  /** The slug called; null when none was found. */
  endpoint: string | null;
  endpoint_id: string | null;
  method: string;
  /** HTTP status; 499 when the client left before the answer. */
  status: number;
  error_code: string | null;
  latency_ms: number;
  client_ip: string | null;
  upstream_id: string | null;
  providers_tried: number;
  /** Usage in the billing unit's base measure (tokens, milliseconds, items). */
  quantity: number;
  /** What the upstream cost the operator. */
  wholesale_usd: UsdAmount;
  /** What the tenant owes the operator: the catalog's resale price under its plan. */
  resale_usd: UsdAmount;
  /** What the caller was billed (its `billed_usd`): the tenant's price for its customer, else the catalog's list price (a tenant's own key: the resale amount). */
  customer_price_usd: UsdAmount;
  /** The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
  meters: AuditRecordMeterView[];
  usage_source: 'reported' | 'estimated' | 'capped' | null;
  stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
  /** The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`). */
  door: 'slug' | 'openai';
};

export type BillingUnit = 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call';

export type BudgetRequest = {
  /** UTC calendar `daily`, `weekly` (from Monday) or `monthly`, or `none` (a lifetime cap). Changing the period starts a new ledger. */
  period: 'daily' | 'weekly' | 'monthly' | 'none';
  /** The cap in USD, more than 0. From 0.000000000001 to 9007199.254740991. */
  cap_usd: UsdAmount;
};

export type BudgetView = {
  subject: 'key' | 'customer' | 'tenant';
  subject_id: string;
  period: 'daily' | 'weekly' | 'monthly' | 'none';
  /** The cap. */
  cap_usd: UsdAmount;
  /** Spent in the current period: the audit records that have landed (a second or so behind). */
  spent_usd: UsdAmount;
  /** Held by calls in flight: each what it can cost as its input tells, settled to its cost when it ends. */
  held_usd: UsdAmount;
  /** cap − spent − held, never below 0. */
  remaining_usd: UsdAmount;
  period_start: string;
  /** When the period ends and the spend starts again from 0; null for `none`. */
  resets_at: string | null;
  updated_at: string;
  /** Per endpoint the subject may call (enabled, allowed by its plan and lists), by slug: what one call holds on this budget. */
  call_holds: CallHoldView[];
};

export type CallHoldView = {
  slug: string;
  /** What a call holds whose input declares no count and sends no max_tokens: one unit for per-call units, the output cap (plus the input) for tokens, else the cap; a call that declares more holds more. */
  hold_usd: UsdAmount;
  /** The most any one call can hold: the slug's max_quantity_per_call at its dearest price. */
  max_hold_usd: UsdAmount;
};

export type CallMeterUsage = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, a count). */
  quantity: number;
  /** The same usage in the meter's units (1k tokens, minutes, 1k characters, items). */
  units: number;
  /** What this meter cost the caller; the meters' sum is `billed_usd`. */
  billed_usd: number;
};

export type CallResponseEnvelope = {
  endpoint: string;
  /** Always `accepted` on success. */
  status: 'accepted';
  /** Equals the X-Service-Request-Id header. */
  request_id: string;
  billed_usd: number;
  received_at: string;
  usage: CallUsage;
  /** The upstream's answer, unchanged (any JSON value). */
  result: Record<string, unknown>;
};

export type CallUsage = {
  billing_unit: BillingUnit;
  /** Usage in the billing unit's base measure (tokens, milliseconds, a count). */
  quantity: number;
  /** The same usage in billing units. */
  units: number;
  /** The usage per meter of the price (input and output tokens, images, …); `quantity` sums those in the billing unit’s measure. */
  meters: CallMeterUsage[];
};

export type CatalogEntryView = {
  slug: string;
  category: Category;
  billing_unit: BillingUnit;
  billing_unit_label: string;
  description: string;
  /** The price per meter of a call on an endpoint without models. */
  prices: MeterPriceView[];
  /** USD per billing unit that the upstream costs; null: priced in other meters (see prices). */
  wholesale_usd_per_unit: UsdAmount | null;
  /** USD per billing unit that tenants pay (before their plan discount); null: priced in other meters. */
  resale_usd_per_unit: UsdAmount | null;
  /** The operator's cap on one call's usage; null: the billing unit's default. */
  max_quantity_per_call: number | null;
  /** The cap in force: the operator's, else the billing unit's default. */
  effective_max_quantity_per_call: number;
  /** Token endpoints: the most output tokens one call can produce, as the operator declared it; a budget holds it for a call without max_tokens. null: none declared (the quantity cap is held). */
  max_output_tokens: number | null;
  models: ModelView[];
  default_rate_limit: number;
  /** The operator's per-endpoint limit (per key per window); null: default_rate_limit applies. */
  endpoint_rate_limit: number | null;
  declared_latency_ms: number;
  streamable: boolean;
  enabled: boolean;
  /** In fallback order. */
  upstreams: UpstreamView[];
};

export type CatalogListView = {
  /** Every endpoint, by slug. */
  data: CatalogEntryView[];
};

export type Category = 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra';

export type ChangePasswordRequest = {
  current_password: string;
  /** 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation). */
  new_password: string;
};

export type ChangeRoleRequest = {
  /** owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads. */
  role: 'owner' | 'developer' | 'viewer';
};

export type ChoosePlanRequest = {
  /** A public plan (GET /api/public/v1/plans). null (none) is refused: only the operator takes a tenant off its plan. */
  plan_id: string | null;
};

export type CreateApiKeyRequest = {
  /** A label for the key owner's own use. */
  name?: string;
  /** ISO 8601 instant after which the key stops working (401 expired_api_key). */
  expires_at?: string;
  /** Per-slug requests per window for this key: the operator's override of the endpoint and catalog limits (a tenant's own limits on the key stay below it). */
  rate_limit_per_window?: number;
};

export type CreateCatalogEntryRequest = {
  /** `<category>.<operation>`; the category decides the billing unit. */
  slug: string;
  description?: string;
  /** The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
  prices?: MeterPriceRequest[];
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  wholesale_usd_per_unit?: UsdAmount;
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  resale_usd_per_unit?: UsdAmount;
  /** Sanity cap on one call's usage (base measure); absent: the billing unit's default. */
  max_quantity_per_call?: number;
  /** Token endpoints: the most output tokens one call can produce (the upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: none declared (the quantity cap is held). */
  max_output_tokens?: number;
  /** Requests per key per window unless the operator or the key says otherwise. */
  default_rate_limit: number;
  declared_latency_ms?: number;
  streamable?: boolean;
  /** In fallback order. */
  upstreams: UpstreamRequest[];
  /** Models a caller may choose, each at its own price; the first is the default. Omit for one price. */
  models?: ModelRequest[];
};

export type CreateCustomerRequest = {
  name: string;
  /** Your own id for the customer, unique among your customers (a deleted customer's id is free again). */
  external_id?: string;
  /** Free-form JSON object, at most 8 KiB. */
  metadata?: Record<string, unknown>;
};

export type CreatedApiKeyView = {
  id: string;
  tenant_id: string;
  /** The tenant's customer the key belongs to; null for the tenant's own keys. */
  customer_id: string | null;
  name: string;
  /** The visible part of the key (`gw_` and 12 characters), for telling keys apart. */
  prefix: string;
  status: ApiKeyStatus;
  rate_limit_per_window: number | null;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  /** The key this one replaced by rotation. */
  rotated_from_id: string | null;
  /** When the key last called the gateway (from the audit trail); null: never. */
  last_used_at: string | null;
  /** The whole key. Shown once: only its hash is stored, so it can never be shown again. */
  key: string;
};

export type CreatedManagementKeyView = {
  id: string;
  tenant_id: string;
  name: string;
  /** The visible part of the key (`gwm_` and 12 characters). */
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
  /** The whole key (`gwm_…`). Shown once: only its hash is stored. */
  key: string;
};

export type CreateManagementKeyRequest = {
  /** A label, e.g. where the key is used. */
  name?: string;
};

export type CreateOperatorRequest = {
  /** Stored trimmed and lower-cased. */
  email: string;
  /** 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation). */
  password: string;
  name: string;
};

export type CreatePlanRequest = {
  name: string;
  description?: string;
  /** USD per month. From 0 to 9007.199254740991. */
  monthly_fee_usd: UsdAmount;
  /** Discount on the catalog's resale prices, in basis points. */
  resale_discount_bps?: number;
  /** Ceiling of the tenant-wide request limit. */
  request_limit_per_window?: number | null;
  /** Default monthly spend cap of a new budget, in USD; null or absent: none. From 0 to 9007.199254740991. */
  default_monthly_spend_cap_usd?: UsdAmount | null;
  /** Categories the plan includes; empty or absent: all. */
  allowed_categories?: Array<'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra'>;
  public?: boolean;
  /** The plan a self-service sign-up that names none starts on (public or not). At most one plan: true here takes the flag from the plan that had it; false leaves sign-ups without a default (no plan). */
  default_for_signups?: boolean;
};

export type CreateResellerKeyRequest = {
  /** A label for the key owner's own use. */
  name?: string;
  /** ISO 8601 instant after which the key stops working (401 expired_api_key). */
  expires_at?: string;
};

export type CreateTenantRequest = {
  /** The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit. */
  plan_id?: string;
  name: string;
  /** A reseller resells to customers of its own (the reseller API); a direct account calls for itself. */
  kind?: 'reseller' | 'direct';
  /** Requests per window across all the tenant's keys and slugs; null for no tenant-wide cap. */
  rate_limit_per_window?: number | null;
};

export type CreateWebhookEndpointRequest = {
  /** Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to). */
  url: string;
  /** The event types this endpoint receives (at least one). */
  events: WebhookEventType[];
  description?: string;
};

export type CustomerPage = {
  data: CustomerView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

/** A suspended customer's keys get 403 customer_suspended. */
export type CustomerStatus = 'active' | 'suspended';

export type CustomerView = {
  id: string;
  tenant_id: string;
  name: string;
  external_id: string | null;
  /** A suspended customer's keys get 403 customer_suspended. */
  status: CustomerStatus;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
};

export type EndpointLatencyListView = {
  /** Every endpoint, by slug. */
  data: EndpointLatencyView[];
};

export type EndpointLatencyView = {
  slug: string;
  /** What the catalog publishes. */
  declared_latency_ms: number;
  /** Median of the answered calls of the last 7 UTC days (from the daily latency histograms); null: none. */
  measured_p50_ms: number | null;
  /** 95th percentile of the same calls. */
  measured_p95_ms: number | null;
  /** How many answered calls the figures are taken from (the last 7 UTC days). */
  sample_calls: number;
};

export type ErrorBody = {
  error: ErrorDetail;
};

/** Stable code; clients switch on it. */
export type ErrorCode =
  | 'missing_api_key'
  | 'malformed_api_key'
  | 'invalid_api_key'
  | 'revoked_api_key'
  | 'expired_api_key'
  | 'invalid_admin_token'
  | 'invalid_management_key'
  | 'not_signed_in'
  | 'invalid_credentials'
  | 'budget_exceeded'
  | 'tenant_suspended'
  | 'customer_suspended'
  | 'endpoint_not_allowed'
  | 'csrf_check_failed'
  | 'insufficient_role'
  | 'plan_change_not_allowed'
  | 'endpoint_not_found'
  | 'model_not_found'
  | 'route_not_found'
  | 'resource_not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'key_already_rotated'
  | 'precondition_failed'
  | 'invalid_json'
  | 'invalid_request'
  | 'invalid_invitation'
  | 'payload_too_large'
  | 'request_timeout'
  | 'headers_too_large'
  | 'unsupported_media_type'
  | 'upstream_rejected'
  | 'context_length_exceeded'
  | 'content_policy_violation'
  | 'rate_limited'
  | 'account_locked'
  | 'too_many_streams'
  | 'internal_error'
  | 'upstream_unavailable'
  | 'endpoint_disabled'
  | 'service_unavailable'
  | 'upstream_timeout'
  | 'stream_timeout'
  | 'stream_duration_exceeded';

export type ErrorDetail = {
  /** Stable code; clients switch on it. */
  code: ErrorCode;
  message: string;
  /** Equals the X-Service-Request-Id header. */
  request_id: string;
  /** The code's section of the error reference (what it means, what to do): a path on this gateway, the code as the fragment. */
  docs: string;
  /** Extra facts for some codes (e.g. `limit`). */
  details?: Record<string, unknown>;
};

export type InspectInvitationRequest = {
  /** The token of POST /users (`gwi_…`). */
  token: string;
};

export type InvitationCreatedView = {
  invitation: InvitationView;
  /** Shown this once (only its hash is stored): give it to the invitee, who accepts with it within 7 days. */
  token: string;
  /** The console page that accepts it, with the token in the URL's fragment (never sent to a server). */
  accept_url: string;
};

export type InvitationPage = {
  data: InvitationView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type InvitationPreviewView = {
  /** The name of the tenant the invitee joins. */
  organization: string;
  /** The email the account will have (the one invited). */
  email: string;
  /** owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads. */
  role: 'owner' | 'developer' | 'viewer';
  /** After this instant the invitation can no longer be accepted. */
  expires_at: string;
};

export type InvitationView = {
  id: string;
  email: string;
  /** The role the user gets on accepting. */
  role: 'owner' | 'developer' | 'viewer';
  /** It cannot be accepted after this (7 days after its creation). */
  expires_at: string;
  /** The owner who invited; null once removed. */
  invited_by: string | null;
  created_at: string;
};

export type InviteUserRequest = {
  /** Stored trimmed and lower-cased. */
  email: string;
  /** owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads. */
  role: 'owner' | 'developer' | 'viewer';
};

export type LimitsBody = {
  /** Requests per window across every slug; null or absent: none. */
  requests_per_window?: number | null;
  /** Requests per window per slug. On a key, the operator's limit of the slug stays the ceiling. */
  per_slug?: Record<string, number>;
  /** The slugs or whole categories (`text.*`) it may call; empty or absent: all (within the plan). */
  allowed_endpoints?: string[];
};

export type ManagementKeyPage = {
  data: ManagementKeyView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type ManagementKeyView = {
  id: string;
  tenant_id: string;
  name: string;
  /** The visible part of the key (`gwm_` and 12 characters). */
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
};

export type MarkupListView = {
  data: MarkupView[];
};

export type MarkupView = {
  /** The slug the markup is on; `*`: every slug. */
  slug: string;
  /** The customer the markup is for; null: every customer. */
  customer_id: string | null;
  markup_bps: number;
  updated_at: string;
};

export type Meter =
  | 'tokens'
  | 'input_tokens'
  | 'cached_input_tokens'
  | 'cache_write_tokens'
  | 'output_tokens'
  | 'images'
  | 'minutes'
  | 'characters'
  | 'generations'
  | 'records'
  | 'verifications'
  | 'transactions'
  | 'calls';

export type MeterPriceRequest = {
  meter: Meter;
  /** USD per the meter's unit (1k tokens, a minute, 1k characters, an image, a call) that the upstream costs. From 0 to 9007.199254740991. */
  wholesale_usd_per_unit: UsdAmount;
  /** USD per the meter's unit that tenants pay (before their plan discount). From 0 to 9007.199254740991. */
  resale_usd_per_unit: UsdAmount;
};

export type MeterPriceView = {
  meter: Meter;
  /** What one unit of the meter is. */
  unit_label: string;
  /** USD per the meter's unit that the upstream costs. */
  wholesale_usd_per_unit: UsdAmount;
  /** USD per the meter's unit that tenants pay (before their plan discount). */
  resale_usd_per_unit: UsdAmount;
};

export type MeView = {
  tenant: TenantView;
  /** The plan the tenant is on; null: none. */
  plan: PlanView | null;
  /** The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none. */
  budget: BudgetView | null;
};

export type ModelAliasListView = {
  /** Every alias, by alias. */
  data: ModelAliasView[];
};

export type ModelAliasView = {
  /** What a caller of the OpenAI-compatible API sends as `model`. */
  alias: string;
  /** The canonical model id it stands for. */
  target: string;
  /** Whether the target names an endpoint of the catalog (and, with a model, one of its models) now; false: it disappeared since the alias was set, and calls naming the alias find no model. */
  target_exists: boolean;
  created_at: string;
  updated_at: string;
};

export type ModelRequest = {
  /** What the caller sends as `model`. */
  name: string;
  /** The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
  prices?: MeterPriceRequest[];
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  wholesale_usd_per_unit?: UsdAmount;
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  resale_usd_per_unit?: UsdAmount;
  /** The most output tokens one call of this model can produce (its upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: the endpoint's. */
  max_output_tokens?: number;
};

export type ModelView = {
  name: string;
  /** The price per meter. */
  prices: MeterPriceView[];
  /** USD per billing unit that the upstream costs for this model; null: priced in other meters (see prices). */
  wholesale_usd_per_unit: UsdAmount | null;
  /** USD per billing unit that tenants pay for this model (before their plan discount); null: priced in other meters. */
  resale_usd_per_unit: UsdAmount | null;
  /** The model's output limit in tokens (held by budgets for a call without max_tokens); null: the endpoint's. */
  max_output_tokens: number | null;
};

export type OpenAiErrorDetail = {
  message: string;
  /** OpenAI’s error type for the status: authentication_error, permission_error, rate_limit_error, … */
  type: string;
  /** The request field the error is about (`model`, `messages`, …). */
  param: string | null;
  /** The gateway’s stable error code (see `docs`). */
  code: string;
  request_id?: string;
  /** The code’s section of the error reference: a path on this gateway. */
  docs?: string;
};

export type OpenAiErrorEnvelope = {
  error: OpenAiErrorDetail;
};

export type OperatorStatementAdjustmentView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
  slug: string | null;
  category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
  billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
  /** Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
  quantity: string;
  /** The closed month it corrects (YYYY-MM). */
  corrects_month: string;
  /** When reconciliation found it. */
  found_at: string;
  /** What the upstreams cost the operator. */
  wholesale_usd: UsdAmount;
  /** Resale minus wholesale: the operator's margin. */
  operator_margin_usd: UsdAmount;
};

export type OperatorStatementLineView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
  slug: string | null;
  category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
  billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
  /** Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
  quantity: string;
  /** The line's usage per meter of its price (input and output tokens, images, …), in meter order: their amounts sum to the line's exactly; each quantity is in its own meter's measure. Empty for calls that billed nothing. Null on a statement closed before meter lines were kept (its lines are per slug only, and stay so). */
  meters: OperatorStatementMeterLineView[] | null;
  /** What the upstreams cost the operator. */
  wholesale_usd: UsdAmount;
  /** Resale minus wholesale: the operator's margin. */
  operator_margin_usd: UsdAmount;
};

export type OperatorStatementMeterLineView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What the callers were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for this meter. */
  resale_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
  /** What the upstreams cost the operator. */
  wholesale_usd: UsdAmount;
  /** Resale minus wholesale: the operator's margin. */
  operator_margin_usd: UsdAmount;
};

export type OperatorStatementSummaryPage = {
  data: OperatorStatementSummaryView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type OperatorStatementSummaryView = {
  /** Null while the statement is open. */
  id: string | null;
  tenant_id: string;
  customer_id: string | null;
  month: string;
  /** `closed`: frozen. `open`: not closed yet, computed from usage as it is now: the month in progress, and a month that has ended but is not closed yet (it closes after a grace period). */
  status: 'open' | 'closed';
  closed_at: string | null;
  usage: OperatorStatementSumsView;
  adjustment_totals: OperatorStatementSumsView;
  totals: OperatorStatementSumsView;
  /** The plan fee of the month (while open, as it stands). */
  plan_fee_usd: UsdAmount;
  /** What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
  total_usd: UsdAmount;
};

export type OperatorStatementSumsView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** What the upstreams cost the operator. */
  wholesale_usd: UsdAmount;
  /** Resale minus wholesale: the operator's margin. */
  operator_margin_usd: UsdAmount;
};

export type OperatorStatementView = {
  /** Null while the statement is open. */
  id: string | null;
  tenant_id: string;
  /** Null: the tenant's statement (every customer and its own keys). */
  customer_id: string | null;
  month: string;
  /** `closed`: frozen, never changes again. `open`: the month is not closed yet; computed from usage as it is now. */
  status: 'open' | 'closed';
  period: ReportPeriodView;
  closed_at: string | null;
  lines: OperatorStatementLineView[];
  usage: OperatorStatementSumsView;
  adjustments: OperatorStatementAdjustmentView[];
  adjustment_totals: OperatorStatementSumsView;
  totals: OperatorStatementSumsView;
  /** The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's). */
  plan_fees: PlanFeeLineView[];
  /** The sum of the plan fee lines. */
  plan_fee_usd: UsdAmount;
  /** What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
  total_usd: UsdAmount;
};

export type PlanFeeLineView = {
  /** The plan (its id as it was; the plan may since be deleted). */
  plan_id: string | null;
  /** The plan's name when it was held. */
  plan_name: string;
  /** The plan's monthly fee. */
  monthly_fee_usd: UsdAmount;
  /** Held from (inclusive), within the month. */
  from: string;
  /** Held until (exclusive), within the month; an open month counts the plan held now to its end. */
  until: string;
  /** The monthly fee × the milliseconds held ÷ the milliseconds of the month, rounded down to the pico-USD. */
  fee_usd: UsdAmount;
};

export type PlanPage = {
  data: PlanView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type PlanView = {
  id: string;
  name: string;
  description: string;
  /** USD per month. */
  monthly_fee_usd: UsdAmount;
  /** Discount on the catalog's resale prices, in basis points (1000 = 10 %). */
  resale_discount_bps: number;
  /** Ceiling of the tenant-wide request limit (per window); null: none. */
  request_limit_per_window: number | null;
  /** Default monthly spend cap of a new budget; null: none. */
  default_monthly_spend_cap_usd: UsdAmount | null;
  /** Categories the plan includes; empty: all. */
  allowed_categories: Category[];
  /** Shown on the website's plans page. */
  public: boolean;
  /** The plan a self-service sign-up that names none starts on (at most one plan). */
  default_for_signups: boolean;
  created_at: string;
  updated_at: string;
};

export type PriceListView = {
  data: PriceView[];
};

export type PriceView = {
  slug: string;
  /** The customer the price is for; null: every customer. */
  customer_id: string | null;
  /** The slug's billing unit. */
  billing_unit: BillingUnit;
  /** The meter the price is for. */
  meter: Meter;
  /** The meter's unit the price is per. */
  unit_label: string;
  /** USD per the meter's unit. */
  price_usd_per_unit: UsdAmount;
  updated_at: string;
};

export type ProviderKind = 'http' | 'simulator' | 'openai' | 'anthropic' | 'gemini';

export type PublicCatalogView = {
  /** Every enabled endpoint, by slug. */
  data: PublicEndpointView[];
};

export type PublicEndpointView = {
  slug: string;
  category: Category;
  description: string;
  billing_unit: BillingUnit;
  billing_unit_label: string;
  /** USD per billing unit: the catalog's resale price of the default price (before a plan's discount); null: it is priced in other meters (see prices). */
  price_usd_per_unit: UsdAmount | null;
  /** The default price per meter (the first model’s, on an endpoint with models). */
  prices: PublicMeterPriceView[];
  /** The models a caller may name (those an upstream serves now), the first being the default; empty: one price. */
  models: PublicModelView[];
  declared_latency_ms: number;
  /** Median latency of the answered calls of the last 7 UTC days; null: none. */
  measured_p50_ms: number | null;
  streamable: boolean;
};

export type PublicMeterPriceView = {
  meter: Meter;
  unit_label: string;
  /** USD per the meter's unit: the catalog's resale price (before a plan's discount). */
  price_usd_per_unit: UsdAmount;
};

export type PublicModelView = {
  name: string;
  prices: PublicMeterPriceView[];
};

export type PublicPlansView = {
  /** The public plans, cheapest first. */
  data: PlanView[];
};

export type ReplaceModelsRequest = {
  /** The whole list, in order (the first is the default); [] removes every model. */
  models: ModelRequest[];
};

export type ReplaceUpstreamsRequest = {
  /** The whole list, in fallback order. */
  upstreams: UpstreamRequest[];
};

export type ReportPeriodView = {
  from: string;
  to: string;
};

export type ResellerAuditRecordMeterView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items). */
  quantity: number;
  /** What you owe the operator for this meter (resale). */
  resale_usd: UsdAmount;
  /** What the caller was billed for this meter: the call's `meters[].billed_usd`. */
  billed_usd: UsdAmount;
};

export type ResellerAuditRecordPage = {
  data: ResellerAuditRecordView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type ResellerAuditRecordView = {
  /** The X-Service-Request-Id of the call. */
  request_id: string;
  created_at: string;
  customer_id: string | null;
  api_key_id: string | null;
  endpoint: string | null;
  method: string;
  /** HTTP status; 499 when the client left before the answer. */
  status: number;
  error_code: string | null;
  latency_ms: number;
  client_ip: string | null;
  /** Usage in the billing unit's base measure. */
  quantity: number;
  /** What the caller was billed (its `billed_usd`): your price for the customer, else the catalog's list price (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for the call: the catalog's resale price under your plan. */
  resale_usd: UsdAmount;
  /** The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
  meters: ResellerAuditRecordMeterView[];
  stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
  /** The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`). */
  door: 'slug' | 'openai';
};

export type RevenueMeterLineView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What the upstreams cost for this meter. */
  wholesale_usd: UsdAmount;
  /** What the tenants owe for this meter. */
  resale_usd: UsdAmount;
  /** What the callers were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** Resale minus wholesale for this meter. */
  operator_margin_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
};

export type RevenueReportView = {
  group_by: 'tenant' | 'slug' | 'day';
  period: ReportPeriodView;
  data: RevenueRowView[];
  /** The sums of the whole period (key null), on every page: the sums of all its rows, with every tenant's plan fee (plan_fee_usd, never null here) and total_revenue_usd. */
  totals: RevenueRowView;
  /** By tenant: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day. */
  next_cursor: string | null;
};

export type RevenueRowView = {
  /** The tenant id, slug or UTC day (YYYY-MM-DD); null for calls without one. */
  key: string | null;
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** Usage in the billing units' base measures (a decimal string). */
  quantity: string;
  /** What the upstreams cost. */
  wholesale_usd: UsdAmount;
  /** What the tenants owe (the catalog's resale prices under their plans). */
  resale_usd: UsdAmount;
  /** What the callers were billed (the tenants' prices for their customers, else the catalog's list prices; own keys: resale). */
  customer_price_usd: UsdAmount;
  /** Resale minus wholesale: the operator's margin. */
  operator_margin_usd: UsdAmount;
  /** Customer price minus resale: the resellers' margin (negative where one prices below its cost). */
  reseller_margin_usd: UsdAmount;
  /** The tenants' plan fees of the period (each prorated by the time its plan was held, as on the statements); null on the rows by slug and by day (a fee is no slug's or day's: see the totals). */
  plan_fee_usd: UsdAmount | null;
  /** Usage revenue (resale) plus plan fees; null where plan_fee_usd is. */
  total_revenue_usd: UsdAmount | null;
  /** By slug only (absent by tenant, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure. */
  meters?: RevenueMeterLineView[];
};

export type RotatedApiKeyView = {
  key: CreatedApiKeyView;
  /** The old key: `expires_at` is the end of its grace period. */
  previous: ApiKeyView;
};

export type RotateResellerKeyRequest = {
  /** How long the old key keeps working, in seconds (default 24 h, at most 7 days). */
  grace_seconds?: number;
};

export type RotateWebhookSecretRequest = {
  /** How long deliveries are also signed with the old secret, in seconds (default 24 h, at most 7 days; 0: not at all). */
  grace_seconds?: number;
};

export type SessionView = {
  user: UserView;
  /** The user's tenant; null for operators. */
  tenant: TenantView | null;
  /** The tenant's plan; null: none (or an operator). */
  plan: PlanView | null;
  /** Send it in X-CSRF-Token on every POST, PUT, PATCH and DELETE this session makes (any API). */
  csrf_token: string;
};

export type SetEndpointLimitRequest = {
  /** Requests per key per window on this endpoint; null removes the operator's limit. */
  requests_per_window: number | null;
};

export type SetMarkupRequest = {
  /** Basis points over what you owe for a call (the catalog's resale price under your plan's discount), per meter: 2500 is 25 % over it, 0 passes your cost on, 100000 (1000 %) at most. */
  markup_bps: number;
};

export type SetModelAliasRequest = {
  /** A canonical model id: <slug>/<model> for one of the slug's models, or <slug> alone for its default price. */
  target: string;
};

export type SetPriceRequest = {
  /** USD per unit of the meter, the unit of the catalog's resale price for it ($0.002 per 1k tokens is "0.002"; per 1k input tokens, per minute, per image, …). It applies to every model of the slug. From 0 to 9007.199254740991. */
  price_usd_per_unit: UsdAmount;
};

export type SignInRequest = {
  email: string;
  password: string;
};

export type SignUpRequest = {
  /** Stored trimmed and lower-cased. */
  email: string;
  /** 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation). */
  password: string;
  name: string;
  /** The new tenant's name (your organisation). */
  organization: string;
  /** reseller: you resell to customers of your own; direct: you call for yourself. */
  kind: 'direct' | 'reseller';
  /** A public plan (GET /api/public/v1/plans); omitted: the operator's default plan for sign-ups (none if the operator flagged none). */
  plan_id?: string;
};

export type SlugLimitRequest = {
  /** Requests per window on this slug. */
  requests_per_window: number;
};

export type StatementAdjustmentView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
  slug: string | null;
  category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
  billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
  /** Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
  quantity: string;
  /** The closed month it corrects (YYYY-MM). */
  corrects_month: string;
  /** When reconciliation found it. */
  found_at: string;
};

export type StatementLineView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
  slug: string | null;
  category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
  billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
  /** Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
  quantity: string;
  /** The line's usage per meter of its price (input and output tokens, images, …), in meter order: their amounts sum to the line's exactly; each quantity is in its own meter's measure. Empty for calls that billed nothing. Null on a statement closed before meter lines were kept (its lines are per slug only, and stay so). */
  meters: StatementMeterLineView[] | null;
};

export type StatementMeterLineView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What the callers were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for this meter. */
  resale_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
};

export type StatementSummaryPage = {
  data: StatementSummaryView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type StatementSummaryView = {
  /** Null while the statement is open. */
  id: string | null;
  tenant_id: string;
  customer_id: string | null;
  month: string;
  /** `closed`: frozen. `open`: not closed yet, computed from usage as it is now: the month in progress, and a month that has ended but is not closed yet (it closes after a grace period). */
  status: 'open' | 'closed';
  /** Null while the statement is open. */
  closed_at: string | null;
  /** The month's usage. */
  usage: StatementSumsView;
  /** The adjustments (corrections of earlier months) that appear on it; while open, those found so far. */
  adjustment_totals: StatementSumsView;
  /** Usage plus adjustments. */
  totals: StatementSumsView;
  /** The plan fee of the month (while open, as it stands). */
  plan_fee_usd: UsdAmount;
  /** What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
  total_usd: UsdAmount;
};

export type StatementSumsView = {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
};

export type StatementView = {
  /** Null while the statement is open. */
  id: string | null;
  tenant_id: string;
  /** Null: the tenant's statement (every customer and its own keys). */
  customer_id: string | null;
  /** The UTC calendar month (YYYY-MM). */
  month: string;
  /** `closed`: frozen, never changes again. `open`: the month is not closed yet; computed from usage as it is now. */
  status: 'open' | 'closed';
  /** The month: `from` inclusive, `to` exclusive (UTC). */
  period: ReportPeriodView;
  closed_at: string | null;
  /** The month's usage, one line per slug (and its billing unit). */
  lines: StatementLineView[];
  /** The sums of the lines. */
  usage: StatementSumsView;
  /** Corrections of earlier months that appear on this statement (while it is open: those found so far). */
  adjustments: StatementAdjustmentView[];
  /** The sums of the adjustments. */
  adjustment_totals: StatementSumsView;
  /** Usage plus adjustments: what the statement totals. */
  totals: StatementSumsView;
  /** The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's). */
  plan_fees: PlanFeeLineView[];
  /** The sum of the plan fee lines. */
  plan_fee_usd: UsdAmount;
  /** What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
  total_usd: UsdAmount;
};

/** A reseller resells to customers of its own; a direct account calls for itself. */
export type TenantKind = 'reseller' | 'direct';

export type TenantPage = {
  data: TenantView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type TenantStatus = 'active' | 'suspended';

export type TenantView = {
  id: string;
  name: string;
  status: TenantStatus;
  /** A reseller resells to customers of its own; a direct account calls for itself. */
  kind: TenantKind;
  rate_limit_per_window: number | null;
  /** The plan the tenant is on; null: none. */
  plan_id: string | null;
  created_at: string;
  updated_at: string;
};

export type UpdateCatalogEntryRequest = {
  description?: string;
  /** The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
  prices?: MeterPriceRequest[];
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  wholesale_usd_per_unit?: UsdAmount;
  /** USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991. */
  resale_usd_per_unit?: UsdAmount;
  /** Sanity cap on one call's usage (base measure); null: the billing unit's default. */
  max_quantity_per_call?: number | null;
  /** Token endpoints: the most output tokens one call can produce (the upstream's limit), held by budgets for a call without max_tokens; null: none declared. */
  max_output_tokens?: number | null;
  default_rate_limit?: number;
  declared_latency_ms?: number;
  streamable?: boolean;
  /** A disabled endpoint answers 503 endpoint_disabled. */
  enabled?: boolean;
};

export type UpdateCustomerRequest = {
  name?: string;
  /** Your own id for the customer, unique among your customers (a deleted customer's id is free again). null removes it. */
  external_id?: string | null;
  /** Replaces the whole metadata object; at most 8 KiB. */
  metadata?: Record<string, unknown>;
};

export type UpdatePlanRequest = {
  name?: string;
  description?: string;
  /** USD per month. From 0 to 9007.199254740991. */
  monthly_fee_usd?: UsdAmount;
  resale_discount_bps?: number;
  request_limit_per_window?: number | null;
  /** Default monthly spend cap of a new budget, in USD; null: none. From 0 to 9007.199254740991. */
  default_monthly_spend_cap_usd?: UsdAmount | null;
  allowed_categories?: Array<'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra'>;
  public?: boolean;
  /** The plan a self-service sign-up that names none starts on (public or not). At most one plan: true here takes the flag from the plan that had it; false leaves sign-ups without a default (no plan). */
  default_for_signups?: boolean;
};

export type UpdateResellerKeyRequest = {
  name?: string;
  /** When the key stops working; null: never. */
  expires_at?: string | null;
};

export type UpdateTenantRequest = {
  /** The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit. null: none. */
  plan_id?: string | null;
  name?: string;
  /** A reseller resells to customers of its own (the reseller API); a direct account calls for itself. */
  kind?: 'reseller' | 'direct';
  /** A suspended tenant's keys get 403 tenant_suspended at once, on every process. */
  status?: 'active' | 'suspended';
  /** Requests per window across all the tenant's keys and slugs; null for no tenant-wide cap. */
  rate_limit_per_window?: number | null;
};

export type UpdateWebhookEndpointRequest = {
  /** Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to). */
  url?: string;
  /** The event types this endpoint receives (at least one). */
  events?: WebhookEventType[];
  description?: string;
  /** `disabled` stops deliveries; `active` resumes them (also after a 410 disabled it). */
  status?: WebhookEndpointStatus;
};

export type UpstreamRequest = {
  name: string;
  kind: ProviderKind;
  /** Required unless kind is simulator. */
  base_url?: string;
  /** Appended to base_url; empty or starting with /. */
  path?: string;
  /** Longest wait for the headers, and between body chunks. */
  timeout_ms?: number;
  /** The header that carries the provider secret, e.g. Authorization or X-Api-Key. */
  auth_header?: string;
  /** Put before the secret in that header, e.g. "Bearer ". */
  auth_scheme?: string;
  /** The environment variable that holds the secret (UPSTREAM_SECRET_… only); the secret itself is never stored. */
  auth_secret_env?: string;
  /** Largest whole answer in bytes; absent: UPSTREAM_MAX_RESPONSE_BYTES. */
  max_response_bytes?: number | null;
  /** Connect to last byte of a whole answer, in ms; absent: UPSTREAM_DEADLINE_MS. */
  deadline_ms?: number | null;
  /** The upstream-side model sent to an openai, anthropic or gemini upstream (fixed by the operator, never by the caller). */
  model?: string;
  /** The endpoint model this upstream serves (one of the endpoint's models); absent: every model. */
  serves_model?: string;
  /** http upstreams: where each meter's quantity is in the answer (a JSON pointer or a response header), in what unit, and whether it must be there. Each meter at most once; at least one entry required. Absent or null: `usage.quantity` (or `usage.total_tokens`) of the answer, in the slug's unit. */
  usage_mapping?: UsageMappingEntryRequest[] | null;
  enabled?: boolean;
};

export type UpstreamView = {
  id: string;
  name: string;
  kind: ProviderKind;
  base_url: string | null;
  path: string;
  timeout_ms: number;
  auth_header: string | null;
  auth_scheme: string | null;
  auth_secret_env: string | null;
  max_response_bytes: number | null;
  deadline_ms: number | null;
  model: string | null;
  serves_model: string | null;
  /** http upstreams: where each meter's quantity is in the answer; null: `usage.quantity` in the slug's unit. */
  usage_mapping: UsageMappingEntryView[] | null;
  enabled: boolean;
  /** Whether calls are sent to it: enabled, and its auth_secret_env variable set on the gateway (an upstream whose secret is missing is skipped). */
  usable: boolean;
};

export type UsageMappingEntryRequest = {
  meter: Meter;
  /** Where the quantity is in the answer. */
  from:
    | {
        pointer: string;
      }
    | {
        header: string;
      };
  /** What the number found counts, converted to the meter's base measure: milliseconds, seconds, minutes or hours for `minutes` (kept in ms); tokens, or characters (4 to a token) for token meters; the measure itself for the others. Only time units may be decimal (12.5 seconds = 12,500 ms); a fraction of the base measure after conversion rounds up. Absent: the meter's base measure. */
  unit?:
    | 'milliseconds'
    | 'seconds'
    | 'minutes'
    | 'hours'
    | 'tokens'
    | 'characters'
    | 'images'
    | 'generations'
    | 'records'
    | 'verifications'
    | 'transactions'
    | 'calls';
  /** Missing or invalid → the meter is estimated and usage_source is `estimated`. Not required and missing → the meter is not reported (present but invalid is still estimated). */
  required?: boolean;
};

export type UsageMappingEntryView = {
  meter: Meter;
  /** Where the quantity is in the answer. */
  from:
    | {
        pointer: string;
      }
    | {
        header: string;
      };
  /** What the number found counts, converted to the meter's base measure: milliseconds, seconds, minutes or hours for `minutes` (kept in ms); tokens, or characters (4 to a token) for token meters; the measure itself for the others. Only time units may be decimal (12.5 seconds = 12,500 ms); a fraction of the base measure after conversion rounds up. */
  unit:
    | 'milliseconds'
    | 'seconds'
    | 'minutes'
    | 'hours'
    | 'tokens'
    | 'characters'
    | 'images'
    | 'generations'
    | 'records'
    | 'verifications'
    | 'transactions'
    | 'calls';
  /** Missing or invalid → the meter is estimated and usage_source is `estimated`. Not required and missing → the meter is not reported (present but invalid is still estimated). */
  required: boolean;
};

export type UsageMeterLineView = {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What your customers (and your own keys) were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for this meter. */
  resale_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
};

export type UsageReportView = {
  group_by: 'customer' | 'slug' | 'day';
  period: ReportPeriodView;
  data: UsageRowView[];
  /** The sums of the whole period (key null), on every page: the sums of all its rows. */
  totals: UsageRowView;
  /** By customer: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day. */
  next_cursor: string | null;
};

export type UsageRowView = {
  /** The customer id (null: your own keys), slug or UTC day (YYYY-MM-DD). */
  key: string | null;
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** Usage in the billing units' base measures (a decimal string). */
  quantity: string;
  /** What your customers (and your own keys) were billed: your prices for your customers, else your resale price. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
  /** By slug only (absent by customer, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure. */
  meters?: UsageMeterLineView[];
};

/** An amount of US dollars as an exact decimal string: at most 12 decimals (the pico-dollar), no exponent; negative only where a difference can be (margins, adjustments). A string, not a number: a double would lose digits. */
export type UsdAmount = string;

export type UserPage = {
  data: UserView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

/** owner: everything; developer: everything but users, plan and management keys; viewer: reads; operator: the operator API. */
export type UserRole = 'owner' | 'developer' | 'viewer' | 'operator';

export type UserView = {
  id: string;
  /** Lower-case, as stored. */
  email: string;
  name: string;
  /** owner: everything; developer: everything but users, plan and management keys; viewer: reads; operator: the operator API. */
  role: UserRole;
  /** The user's tenant; null for operators. */
  tenant_id: string | null;
  created_at: string;
  last_sign_in_at: string | null;
};

export type WebhookAttemptView = {
  number: number;
  started_at: string;
  duration_ms: number;
  /** Null: no answer (timeout, connection error, refused target). */
  status: number | null;
  error: string | null;
  /** When the retry this failure scheduled is due. */
  next_attempt_at: string | null;
};

export type WebhookDeliveryDetailView = {
  /** The `Webhook-Id` header and the body's `id`: the same on every attempt; drop duplicates on it. */
  id: string;
  endpoint_id: string;
  event: WebhookEventType;
  /** `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled). */
  state: WebhookDeliveryState;
  attempt_count: number;
  /** The last attempt's HTTP status; null when none answered. */
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  /** No attempt is scheduled after this. */
  retry_until: string;
  delivered_at: string | null;
  /** When the event happened (the body's `created_at`). */
  created_at: string;
  /** The body as sent: `{id, type, created_at, data}`. */
  payload: Record<string, unknown>;
  attempts: WebhookAttemptView[];
};

export type WebhookDeliveryPage = {
  data: WebhookDeliveryView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export type WebhookDeliveryView = {
  /** The `Webhook-Id` header and the body's `id`: the same on every attempt; drop duplicates on it. */
  id: string;
  endpoint_id: string;
  event: WebhookEventType;
  /** `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled). */
  state: WebhookDeliveryState;
  attempt_count: number;
  /** The last attempt's HTTP status; null when none answered. */
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  /** No attempt is scheduled after this. */
  retry_until: string;
  delivered_at: string | null;
  /** When the event happened (the body's `created_at`). */
  created_at: string;
};

export type WebhookEndpointPage = {
  data: WebhookEndpointView[];
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
};

/** A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
export type WebhookEndpointStatus = 'active' | 'disabled';

export type WebhookEndpointView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
  status: WebhookEndpointStatus;
  /** `gone`: the receiver answered 410; `tenant`: you disabled it. Null while active. */
  disabled_reason: 'gone' | 'tenant' | null;
  /** Until then deliveries are also signed with the secret before the last rotation. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookEndpointWithSecretView = {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
  status: WebhookEndpointStatus;
  /** `gone`: the receiver answered 410; `tenant`: you disabled it. Null while active. */
  disabled_reason: 'gone' | 'tenant' | null;
  /** Until then deliveries are also signed with the secret before the last rotation. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** The signing secret (`whsec_…`): shown this once; store it now. */
  secret: string;
};

/** The event types this endpoint receives (at least one). */
export type WebhookEventType = 'budget.threshold' | 'key.expired' | 'key.rotated' | 'customer.suspended' | 'statement.closed';
