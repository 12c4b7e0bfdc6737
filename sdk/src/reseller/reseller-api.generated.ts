/**
 * GENERATED from the gateway's /docs/openapi.json by sdk/codegen/reseller-api-codegen.ts; do not edit.
 * Regenerate: SDK_CODEGEN_WRITE=1 npx jest test/sdk/reseller-openapi (or sdk/codegen/generate.ts <gateway URL>).
 */

export interface ApiKeyPage {
  data: Array<ApiKeyView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export type ApiKeyStatus = 'active' | 'revoked';

export interface ApiKeyView {
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
}

export type BillingUnit = 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call';

export interface BudgetRequest {
  /** UTC calendar `daily`, `weekly` (from Monday) or `monthly`, or `none` (a lifetime cap). Changing the period starts a new ledger. */
  period: 'daily' | 'weekly' | 'monthly' | 'none';
  /** The cap in USD, more than 0. From 0.000000000001 to 9007199.254740991. */
  cap_usd: UsdAmount;
}

export interface BudgetView {
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
  call_holds: Array<CallHoldView>;
}

export interface CallHoldView {
  slug: string;
  /** What a call holds whose input declares no count and sends no max_tokens: one unit for per-call units, the output cap (plus the input) for tokens, else the cap; a call that declares more holds more. */
  hold_usd: UsdAmount;
  /** The most any one call can hold: the slug's max_quantity_per_call at its dearest price. */
  max_hold_usd: UsdAmount;
}

export type Category = 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra';

export interface ChoosePlanRequest {
  /** A public plan (GET /api/public/v1/plans). null (none) is refused: only the operator takes a tenant off its plan. */
  plan_id: string | null;
}

export interface CreateCustomerRequest {
  name: string;
  /** Your own id for the customer, unique among your customers (a deleted customer's id is free again). */
  external_id?: string;
  /** Free-form JSON object, at most 8 KiB. */
  metadata?: Record<string, unknown>;
}

export interface CreateManagementKeyRequest {
  /** A label, e.g. where the key is used. */
  name?: string;
}

export interface CreateResellerKeyRequest {
  /** A label for the key owner's own use. */
  name?: string;
  /** ISO 8601 instant after which the key stops working (401 expired_api_key). */
  expires_at?: string;
}

export interface CreateWebhookEndpointRequest {
  /** Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to). */
  url: string;
  /** The event types this endpoint receives (at least one). */
  events: Array<WebhookEventType>;
  description?: string;
}

export interface CreatedApiKeyView {
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
}

export interface CreatedManagementKeyView {
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
}

export interface CustomerPage {
  data: Array<CustomerView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** A suspended customer's keys get 403 customer_suspended. */
export type CustomerStatus = 'active' | 'suspended';

export interface CustomerView {
  id: string;
  tenant_id: string;
  name: string;
  external_id: string | null;
  /** A suspended customer's keys get 403 customer_suspended. */
  status: CustomerStatus;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface LimitsBody {
  /** Requests per window across every slug; null or absent: none. */
  requests_per_window?: number | null;
  /** Requests per window per slug. On a key, the operator's limit of the slug stays the ceiling. */
  per_slug?: Record<string, number>;
  /** The slugs or whole categories (`text.*`) it may call; empty or absent: all (within the plan). */
  allowed_endpoints?: Array<string>;
}

export interface ManagementKeyPage {
  data: Array<ManagementKeyView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface ManagementKeyView {
  id: string;
  tenant_id: string;
  name: string;
  /** The visible part of the key (`gwm_` and 12 characters). */
  prefix: string;
  status: 'active' | 'revoked';
  created_at: string;
  revoked_at: string | null;
}

export interface MarkupListView {
  data: Array<MarkupView>;
}

export interface MarkupView {
  /** The slug the markup is on; `*`: every slug. */
  slug: string;
  /** The customer the markup is for; null: every customer. */
  customer_id: string | null;
  markup_bps: number;
  updated_at: string;
}

export interface MeView {
  tenant: TenantView;
  /** The plan the tenant is on; null: none. */
  plan: PlanView | null;
  /** The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none. */
  budget: BudgetView | null;
}

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

export interface PlanFeeLineView {
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
}

export interface PlanView {
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
  allowed_categories: Array<Category>;
  /** Shown on the website's plans page. */
  public: boolean;
  /** The plan a self-service sign-up that names none starts on (at most one plan). */
  default_for_signups: boolean;
  created_at: string;
  updated_at: string;
}

export interface PriceListView {
  data: Array<PriceView>;
}

export interface PriceView {
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
}

export interface ReportPeriodView {
  from: string;
  to: string;
}

export interface ResellerAuditRecordMeterView {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items). */
  quantity: number;
  /** What you owe the operator for this meter (resale). */
  resale_usd: UsdAmount;
  /** What the caller was billed for this meter: the call's `meters[].billed_usd`. */
  billed_usd: UsdAmount;
}

export interface ResellerAuditRecordPage {
  data: Array<ResellerAuditRecordView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface ResellerAuditRecordView {
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
  meters: Array<ResellerAuditRecordMeterView>;
  stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
  /** The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`). */
  door: 'slug' | 'openai';
}

export interface RotateResellerKeyRequest {
  /** How long the old key keeps working, in seconds (default 24 h, at most 7 days). */
  grace_seconds?: number;
}

export interface RotateWebhookSecretRequest {
  /** How long deliveries are also signed with the old secret, in seconds (default 24 h, at most 7 days; 0: not at all). */
  grace_seconds?: number;
}

export interface RotatedApiKeyView {
  key: CreatedApiKeyView;
  /** The old key: `expires_at` is the end of its grace period. */
  previous: ApiKeyView;
}

export interface SetMarkupRequest {
  /** Basis points over what you owe for a call (the catalog's resale price under your plan's discount), per meter: 2500 is 25 % over it, 0 passes your cost on, 100000 (1000 %) at most. */
  markup_bps: number;
}

export interface SetPriceRequest {
  /** USD per unit of the meter, the unit of the catalog's resale price for it ($0.002 per 1k tokens is "0.002"; per 1k input tokens, per minute, per image, …). It applies to every model of the slug. From 0 to 9007.199254740991. */
  price_usd_per_unit: UsdAmount;
}

export interface SlugLimitRequest {
  /** Requests per window on this slug. */
  requests_per_window: number;
}

export interface StatementAdjustmentView {
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
}

export interface StatementLineView {
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
  meters: Array<StatementMeterLineView> | null;
}

export interface StatementMeterLineView {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What the callers were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for this meter. */
  resale_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
}

export interface StatementSummaryPage {
  data: Array<StatementSummaryView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export interface StatementSummaryView {
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
}

export interface StatementSumsView {
  calls: number;
  /** Calls answered with a status of 400 or more. */
  errors: number;
  /** What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
  customer_price_usd: UsdAmount;
  /** What you owe the operator: the catalog's resale prices under your plan. */
  resale_usd: UsdAmount;
  /** Customer price minus resale: your margin (negative where you price below your cost). */
  reseller_margin_usd: UsdAmount;
}

export interface StatementView {
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
  lines: Array<StatementLineView>;
  /** The sums of the lines. */
  usage: StatementSumsView;
  /** Corrections of earlier months that appear on this statement (while it is open: those found so far). */
  adjustments: Array<StatementAdjustmentView>;
  /** The sums of the adjustments. */
  adjustment_totals: StatementSumsView;
  /** Usage plus adjustments: what the statement totals. */
  totals: StatementSumsView;
  /** The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's). */
  plan_fees: Array<PlanFeeLineView>;
  /** The sum of the plan fee lines. */
  plan_fee_usd: UsdAmount;
  /** What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
  total_usd: UsdAmount;
}

/** A reseller resells to customers of its own; a direct account calls for itself. */
export type TenantKind = 'reseller' | 'direct';

export type TenantStatus = 'active' | 'suspended';

export interface TenantView {
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
}

export interface UpdateCustomerRequest {
  name?: string;
  /** Your own id for the customer, unique among your customers (a deleted customer's id is free again). null removes it. */
  external_id?: string | null;
  /** Replaces the whole metadata object; at most 8 KiB. */
  metadata?: Record<string, unknown>;
}

export interface UpdateResellerKeyRequest {
  name?: string;
  /** When the key stops working; null: never. */
  expires_at?: string | null;
}

export interface UpdateWebhookEndpointRequest {
  /** Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to). */
  url?: string;
  /** The event types this endpoint receives (at least one). */
  events?: Array<WebhookEventType>;
  description?: string;
  /** `disabled` stops deliveries; `active` resumes them (also after a 410 disabled it). */
  status?: WebhookEndpointStatus;
}

export interface UsageMeterLineView {
  meter: Meter;
  /** Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
  quantity: string;
  /** What your customers (and your own keys) were billed for this meter. */
  customer_price_usd: UsdAmount;
  /** What you owe the operator for this meter. */
  resale_usd: UsdAmount;
  /** Customer price minus resale for this meter. */
  reseller_margin_usd: UsdAmount;
}

export interface UsageReportView {
  group_by: 'customer' | 'slug' | 'day';
  period: ReportPeriodView;
  data: Array<UsageRowView>;
  /** The sums of the whole period (key null), on every page: the sums of all its rows. */
  totals: UsageRowView;
  /** By customer: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day. */
  next_cursor: string | null;
}

export interface UsageRowView {
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
  meters?: Array<UsageMeterLineView>;
}

/** An amount of US dollars as an exact decimal string: at most 12 decimals (the pico-dollar), no exponent; negative only where a difference can be (margins, adjustments). A string, not a number: a double would lose digits. */
export type UsdAmount = string;

export interface WebhookAttemptView {
  number: number;
  started_at: string;
  duration_ms: number;
  /** Null: no answer (timeout, connection error, refused target). */
  status: number | null;
  error: string | null;
  /** When the retry this failure scheduled is due. */
  next_attempt_at: string | null;
}

export interface WebhookDeliveryDetailView {
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
  attempts: Array<WebhookAttemptView>;
}

export interface WebhookDeliveryPage {
  data: Array<WebhookDeliveryView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
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
}

export interface WebhookEndpointPage {
  data: Array<WebhookEndpointView>;
  /** Pass it as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/** A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
export type WebhookEndpointStatus = 'active' | 'disabled';

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: Array<WebhookEventType>;
  /** A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
  status: WebhookEndpointStatus;
  /** `gone`: the receiver answered 410; `tenant`: you disabled it. Null while active. */
  disabled_reason: 'gone' | 'tenant' | null;
  /** Until then deliveries are also signed with the secret before the last rotation. */
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEndpointWithSecretView {
  id: string;
  url: string;
  description: string;
  events: Array<WebhookEventType>;
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
}

/** The event types this endpoint receives (at least one). */
export type WebhookEventType = 'budget.threshold' | 'key.expired' | 'key.rotated' | 'customer.suspended' | 'statement.closed';

/** Every reseller API route (method and path under /api/reseller/v1): what it takes and what it answers. */
export interface ResellerRoutes {
  /** The calling tenant (kind, status, tenant-wide limit), its plan and its budget */
  'GET /me': { params: Record<string, never>; query: Record<string, never>; body: never; response: MeView; status: 200 };
  /** Move from your public plan to another public one (owners and management keys); its default monthly budget applies if you have none */
  'PUT /me/plan': { params: Record<string, never>; query: Record<string, never>; body: ChoosePlanRequest; response: MeView; status: 200 };
  /** List customers, newest first (filter by external_id, status, or given ids) */
  'GET /customers': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string; q?: string; external_id?: string; status?: 'active' | 'suspended'; ids?: Array<string> };
    body: never;
    response: CustomerPage;
    status: 200;
  };
  /** Create a customer */
  'POST /customers': {
    params: Record<string, never>;
    query: Record<string, never>;
    body: CreateCustomerRequest;
    response: CustomerView;
    status: 201;
  };
  /** Read a customer */
  'GET /customers/{id}': { params: { id: string }; query: Record<string, never>; body: never; response: CustomerView; status: 200 };
  /** Rename a customer, change its external_id or metadata */
  'PATCH /customers/{id}': {
    params: { id: string };
    query: Record<string, never>;
    body: UpdateCustomerRequest;
    response: CustomerView;
    status: 200;
  };
  /** Delete a customer (soft: its audit records stay; its keys are revoked; its external_id is free again) */
  'DELETE /customers/{id}': { params: { id: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** Suspend a customer: every one of its keys is refused at once (403 customer_suspended), on every process */
  'POST /customers/{id}/suspend': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: CustomerView;
    status: 200;
  };
  /** Resume a suspended customer */
  'POST /customers/{id}/resume': { params: { id: string }; query: Record<string, never>; body: never; response: CustomerView; status: 200 };
  /** List a customer's keys, newest first (the same page as GET /keys?customer_id=) */
  'GET /customers/{id}/keys': {
    params: { id: string };
    query: { limit?: number; cursor?: string };
    body: never;
    response: ApiKeyPage;
    status: 200;
  };
  /** Issue a key for a customer (the secret is in this response only) */
  'POST /customers/{id}/keys': {
    params: { id: string };
    query: Record<string, never>;
    body: CreateResellerKeyRequest;
    response: CreatedApiKeyView;
    status: 201;
  };
  /** List keys, newest first: yours and your customers', one customer's, your own only, or given ids */
  'GET /keys': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string; customer_id?: string; ids?: Array<string> };
    body: never;
    response: ApiKeyPage;
    status: 200;
  };
  /** Issue a key of your own (the secret is in this response only) */
  'POST /keys': {
    params: Record<string, never>;
    query: Record<string, never>;
    body: CreateResellerKeyRequest;
    response: CreatedApiKeyView;
    status: 201;
  };
  /** Read a key (never its secret) */
  'GET /keys/{id}': { params: { id: string }; query: Record<string, never>; body: never; response: ApiKeyView; status: 200 };
  /** Rename a key, change its expiry or its per-slug limit (applies on every process at once) */
  'PATCH /keys/{id}': {
    params: { id: string };
    query: Record<string, never>;
    body: UpdateResellerKeyRequest;
    response: ApiKeyView;
    status: 200;
  };
  /** Revoke a key: every gateway process refuses it at once (401 revoked_api_key) */
  'POST /keys/{id}/revoke': { params: { id: string }; query: Record<string, never>; body: never; response: ApiKeyView; status: 200 };
  /** Expire a key now (401 expired_api_key from the next call on) */
  'POST /keys/{id}/expire': { params: { id: string }; query: Record<string, never>; body: never; response: ApiKeyView; status: 200 };
  /** Rotate a key: a new secret now, the old one valid for a grace period (default 24 h, at most 7 days) */
  'POST /keys/{id}/rotate': {
    params: { id: string };
    query: Record<string, never>;
    body: RotateResellerKeyRequest;
    response: RotatedApiKeyView;
    status: 201;
  };
  /** A key's limits and allowed endpoints (with its ETag) */
  'GET /keys/{id}/limits': { params: { id: string }; query: Record<string, never>; body: never; response: LimitsBody; status: 200 };
  /** Replace a key's limits and allowed endpoints (the operator's limit of a slug stays the ceiling) */
  'PUT /keys/{id}/limits': { params: { id: string }; query: Record<string, never>; body: LimitsBody; response: LimitsBody; status: 200 };
  /** Set a key's limit on one slug; the rest of its limits stay as they are */
  'PUT /keys/{id}/limits/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: SlugLimitRequest;
    response: LimitsBody;
    status: 200;
  };
  /** Remove a key's limit on one slug (idempotent); the rest of its limits stay as they are */
  'DELETE /keys/{id}/limits/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: never;
    response: LimitsBody;
    status: 200;
  };
  /** A customer's limits (across all its keys) and allowed endpoints (with its ETag) */
  'GET /customers/{id}/limits': { params: { id: string }; query: Record<string, never>; body: never; response: LimitsBody; status: 200 };
  /** Replace a customer's limits (across all its keys) and allowed endpoints */
  'PUT /customers/{id}/limits': {
    params: { id: string };
    query: Record<string, never>;
    body: LimitsBody;
    response: LimitsBody;
    status: 200;
  };
  /** Set a customer's limit on one slug (across all its keys); the rest of its limits stay as they are */
  'PUT /customers/{id}/limits/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: SlugLimitRequest;
    response: LimitsBody;
    status: 200;
  };
  /** Remove a customer's limit on one slug (idempotent); the rest of its limits stay as they are */
  'DELETE /customers/{id}/limits/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: never;
    response: LimitsBody;
    status: 200;
  };
  /** A key's budget and its current period (404 when it has none) */
  'GET /keys/{id}/budget': { params: { id: string }; query: Record<string, never>; body: never; response: BudgetView; status: 200 };
  /** Set a key's budget (a rotation moves it to the new key) */
  'PUT /keys/{id}/budget': { params: { id: string }; query: Record<string, never>; body: BudgetRequest; response: BudgetView; status: 200 };
  /** Remove a key's budget */
  'DELETE /keys/{id}/budget': { params: { id: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** A customer's budget (all its keys together) and its current period */
  'GET /customers/{id}/budget': { params: { id: string }; query: Record<string, never>; body: never; response: BudgetView; status: 200 };
  /** Set a customer's budget (all its keys together) */
  'PUT /customers/{id}/budget': {
    params: { id: string };
    query: Record<string, never>;
    body: BudgetRequest;
    response: BudgetView;
    status: 200;
  };
  /** Remove a customer's budget */
  'DELETE /customers/{id}/budget': { params: { id: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** The prices every customer pays (where it has none of its own), by slug and meter */
  'GET /prices': { params: Record<string, never>; query: Record<string, never>; body: never; response: PriceListView; status: 200 };
  /** Set the price every customer pays per billing unit of a slug (every model of it); applies at once */
  'PUT /prices/{slug}': { params: { slug: string }; query: Record<string, never>; body: SetPriceRequest; response: PriceView; status: 200 };
  /** Remove every meter's price for every customer of a slug (idempotent): markups, else the catalog's list price, apply again */
  'DELETE /prices/{slug}': { params: { slug: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** Set the price every customer pays per unit of one meter of a slug (every model of it); applies at once */
  'PUT /prices/{slug}/meters/{meter}': {
    params: { slug: string; meter: string };
    query: Record<string, never>;
    body: SetPriceRequest;
    response: PriceView;
    status: 200;
  };
  /** Remove the price for every customer of one meter of a slug (idempotent; any meter name, billed or not) */
  'DELETE /prices/{slug}/meters/{meter}': {
    params: { slug: string; meter: string };
    query: Record<string, never>;
    body: never;
    response: void;
    status: 204;
  };
  /** A customer's own prices, by slug and meter (the prices for every customer apply to the others) */
  'GET /customers/{id}/prices': { params: { id: string }; query: Record<string, never>; body: never; response: PriceListView; status: 200 };
  /** Set a customer's own price per billing unit of a slug (beats the price for every customer); applies at once */
  'PUT /customers/{id}/prices/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: SetPriceRequest;
    response: PriceView;
    status: 200;
  };
  /** Remove every meter's own price of a customer for a slug (idempotent): the prices for every customer apply again */
  'DELETE /customers/{id}/prices/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: never;
    response: void;
    status: 204;
  };
  /** Set a customer's own price per unit of one meter of a slug (beats the price for every customer); applies at once */
  'PUT /customers/{id}/prices/{slug}/meters/{meter}': {
    params: { id: string; slug: string; meter: string };
    query: Record<string, never>;
    body: SetPriceRequest;
    response: PriceView;
    status: 200;
  };
  /** Remove a customer's own price of one meter of a slug (idempotent; any meter name, billed or not) */
  'DELETE /customers/{id}/prices/{slug}/meters/{meter}': {
    params: { id: string; slug: string; meter: string };
    query: Record<string, never>;
    body: never;
    response: void;
    status: 204;
  };
  /** The markups for every customer (where it has none of its own): on every slug (`*`) first, then by slug */
  'GET /markups': { params: Record<string, never>; query: Record<string, never>; body: never; response: MarkupListView; status: 200 };
  /** Set the markup every customer pays over your resale figure on a slug, or on every slug (`*`); applies at once */
  'PUT /markups/{slug}': {
    params: { slug: string };
    query: Record<string, never>;
    body: SetMarkupRequest;
    response: MarkupView;
    status: 200;
  };
  /** Remove the markup for every customer on a slug, or on every slug (`*`) (idempotent) */
  'DELETE /markups/{slug}': { params: { slug: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** A customer's own markups: on every slug (`*`) first, then by slug */
  'GET /customers/{id}/markups': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: MarkupListView;
    status: 200;
  };
  /** Set a customer's own markup on a slug, or on every slug (`*`) (beats yours for every customer at the same specificity); applies at once */
  'PUT /customers/{id}/markups/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: SetMarkupRequest;
    response: MarkupView;
    status: 200;
  };
  /** Remove a customer's own markup on a slug, or on every slug (`*`) (idempotent) */
  'DELETE /customers/{id}/markups/{slug}': {
    params: { id: string; slug: string };
    query: Record<string, never>;
    body: never;
    response: void;
    status: 204;
  };
  /** Your audit trail, newest first, by customer (or your own keys only), key, slug, status and time */
  'GET /audit': {
    params: Record<string, never>;
    query: {
      limit?: number;
      cursor?: string;
      customer_id?: string;
      api_key_id?: string;
      slug?: string;
      status?: number;
      from?: string;
      to?: string;
    };
    body: never;
    response: ResellerAuditRecordPage;
    status: 200;
  };
  /** Calls, usage, what your customers were billed, what you owe and your margin by customer (paged), slug or day, with exact totals */
  'GET /reports/usage': {
    params: Record<string, never>;
    query: { from?: string; to?: string; limit?: number; cursor?: string; group_by: 'customer' | 'slug' | 'day' };
    body: never;
    response: UsageReportView;
    status: 200;
  };
  /** Your monthly statements (all your customers and your own keys), newest month first: the months not closed yet (open), then the closed ones */
  'GET /statements': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string };
    body: never;
    response: StatementSummaryPage;
    status: 200;
  };
  /** Your statement of a month, JSON or CSV: closed, or the month in progress (status open) */
  'GET /statements/{month}': {
    params: { month: string };
    query: { format?: 'json' | 'csv' };
    body: never;
    response: StatementView;
    status: 200;
  };
  /** A customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones */
  'GET /customers/{id}/statements': {
    params: { id: string };
    query: { limit?: number; cursor?: string };
    body: never;
    response: StatementSummaryPage;
    status: 200;
  };
  /** A customer's statement of a month, JSON or CSV */
  'GET /customers/{id}/statements/{month}': {
    params: { id: string; month: string };
    query: { format?: 'json' | 'csv' };
    body: never;
    response: StatementView;
    status: 200;
  };
  /** List endpoints, newest first */
  'GET /webhook-endpoints': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string };
    body: never;
    response: WebhookEndpointPage;
    status: 200;
  };
  /** Register an endpoint (its signing secret is in this response only) */
  'POST /webhook-endpoints': {
    params: Record<string, never>;
    query: Record<string, never>;
    body: CreateWebhookEndpointRequest;
    response: WebhookEndpointWithSecretView;
    status: 201;
  };
  /** Read an endpoint (never its secret) */
  'GET /webhook-endpoints/{id}': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: WebhookEndpointView;
    status: 200;
  };
  /** Change the URL, events or description; disable or enable the endpoint */
  'PATCH /webhook-endpoints/{id}': {
    params: { id: string };
    query: Record<string, never>;
    body: UpdateWebhookEndpointRequest;
    response: WebhookEndpointView;
    status: 200;
  };
  /** Delete an endpoint and its delivery log */
  'DELETE /webhook-endpoints/{id}': { params: { id: string }; query: Record<string, never>; body: never; response: void; status: 204 };
  /** A new signing secret (in this response only); the old one also signs for a grace period */
  'POST /webhook-endpoints/{id}/rotate-secret': {
    params: { id: string };
    query: Record<string, never>;
    body: RotateWebhookSecretRequest;
    response: WebhookEndpointWithSecretView;
    status: 200;
  };
  /** The delivery log, newest first (filter by endpoint, event or state) */
  'GET /webhook-deliveries': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string; endpoint_id?: string; event?: WebhookEventType; state?: WebhookDeliveryState };
    body: never;
    response: WebhookDeliveryPage;
    status: 200;
  };
  /** A delivery with its body and every attempt */
  'GET /webhook-deliveries/{id}': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: WebhookDeliveryDetailView;
    status: 200;
  };
  /** Send a delivered or failed delivery again now (same id; a new retry window) */
  'POST /webhook-deliveries/{id}/redeliver': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: WebhookDeliveryView;
    status: 202;
  };
  /** List your management keys, newest first (never secrets) */
  'GET /management-keys': {
    params: Record<string, never>;
    query: { limit?: number; cursor?: string };
    body: never;
    response: ManagementKeyPage;
    status: 200;
  };
  /** Issue a management key (the secret is in this response only) */
  'POST /management-keys': {
    params: Record<string, never>;
    query: Record<string, never>;
    body: CreateManagementKeyRequest;
    response: CreatedManagementKeyView;
    status: 201;
  };
  /** Revoke a management key (idempotent): its next call is refused */
  'POST /management-keys/{id}/revoke': {
    params: { id: string };
    query: Record<string, never>;
    body: never;
    response: ManagementKeyView;
    status: 200;
  };
}

export type ResellerRoute = keyof ResellerRoutes;

/** The same routes at run time. */
export const RESELLER_ROUTES: readonly ResellerRoute[] = [
  'GET /me',
  'PUT /me/plan',
  'GET /customers',
  'POST /customers',
  'GET /customers/{id}',
  'PATCH /customers/{id}',
  'DELETE /customers/{id}',
  'POST /customers/{id}/suspend',
  'POST /customers/{id}/resume',
  'GET /customers/{id}/keys',
  'POST /customers/{id}/keys',
  'GET /keys',
  'POST /keys',
  'GET /keys/{id}',
  'PATCH /keys/{id}',
  'POST /keys/{id}/revoke',
  'POST /keys/{id}/expire',
  'POST /keys/{id}/rotate',
  'GET /keys/{id}/limits',
  'PUT /keys/{id}/limits',
  'PUT /keys/{id}/limits/{slug}',
  'DELETE /keys/{id}/limits/{slug}',
  'GET /customers/{id}/limits',
  'PUT /customers/{id}/limits',
  'PUT /customers/{id}/limits/{slug}',
  'DELETE /customers/{id}/limits/{slug}',
  'GET /keys/{id}/budget',
  'PUT /keys/{id}/budget',
  'DELETE /keys/{id}/budget',
  'GET /customers/{id}/budget',
  'PUT /customers/{id}/budget',
  'DELETE /customers/{id}/budget',
  'GET /prices',
  'PUT /prices/{slug}',
  'DELETE /prices/{slug}',
  'PUT /prices/{slug}/meters/{meter}',
  'DELETE /prices/{slug}/meters/{meter}',
  'GET /customers/{id}/prices',
  'PUT /customers/{id}/prices/{slug}',
  'DELETE /customers/{id}/prices/{slug}',
  'PUT /customers/{id}/prices/{slug}/meters/{meter}',
  'DELETE /customers/{id}/prices/{slug}/meters/{meter}',
  'GET /markups',
  'PUT /markups/{slug}',
  'DELETE /markups/{slug}',
  'GET /customers/{id}/markups',
  'PUT /customers/{id}/markups/{slug}',
  'DELETE /customers/{id}/markups/{slug}',
  'GET /audit',
  'GET /reports/usage',
  'GET /statements',
  'GET /statements/{month}',
  'GET /customers/{id}/statements',
  'GET /customers/{id}/statements/{month}',
  'GET /webhook-endpoints',
  'POST /webhook-endpoints',
  'GET /webhook-endpoints/{id}',
  'PATCH /webhook-endpoints/{id}',
  'DELETE /webhook-endpoints/{id}',
  'POST /webhook-endpoints/{id}/rotate-secret',
  'GET /webhook-deliveries',
  'GET /webhook-deliveries/{id}',
  'POST /webhook-deliveries/{id}/redeliver',
  'GET /management-keys',
  'POST /management-keys',
  'POST /management-keys/{id}/revoke',
];
