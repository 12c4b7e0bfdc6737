/**
 * An activity entry in words: what changed (its subject, from the entry's entity type and id) and
 * each changed field as "before → after", money formatted exactly like the rest of the app. The
 * API keeps only the fields that changed (every field on a creation or deletion), named as the API
 * names them, money as USD decimal strings (docs/concepts/activity.md).
 */
import type { ActivityEntryView, Meter } from '@unified-api-gateway/sdk';
import { formatBps, shortId } from '../../lib/format';
import { meterLabel, meterPrice } from '../../lib/meters';
import { formatUsd } from '../../lib/money';

/** The kinds of change the API filters by (`entity_type`), in words. */
export const ENTITY_KINDS = [
  { value: 'price', label: 'Prices' },
  { value: 'markup', label: 'Markups' },
  { value: 'limit', label: 'Limits' },
  { value: 'budget', label: 'Budgets' },
  { value: 'plan', label: 'Plans' },
  { value: 'tenant', label: 'Tenants' },
  { value: 'catalog_price', label: 'Catalog prices' },
] as const;

/** Who made a change, by how they signed in (`actor_kind`), in words. */
export const ACTOR_KINDS = [
  { value: 'operator_user', label: 'An operator' },
  { value: 'admin_token', label: 'The admin token' },
  { value: 'tenant_user', label: 'A user of the account' },
  { value: 'management_key', label: 'A management key' },
] as const;

/** How the page names the ids an entry holds (names the page looked up; a short id until then). */
export interface Namers {
  tenant: (id: string) => string;
  customer: (id: string) => string;
  plan: (id: string) => string;
  /** "Your" in the console, where every entry is the reader's own. */
  own: boolean;
}

export interface FieldChange {
  label: string;
  before: string | null;
  after: string | null;
}

/** Who: the user's email, the management key or the admin token. */
export function actorOf(entry: ActivityEntryView): string {
  switch (entry.actor_kind) {
    case 'operator_user':
      return `${entry.actor_email ?? 'An operator'} (operator)`;
    case 'tenant_user':
      return entry.actor_email ?? 'A user of the account';
    case 'management_key':
      return `Management key ${shortId(entry.actor_id)}`;
    default:
      return 'The operator (admin token)';
  }
}

const VERBS: Record<string, string> = {
  create: 'set',
  update: 'changed',
  delete: 'removed',
  suspend: 'suspended',
  resume: 'resumed',
  plan_change: 'moved to another plan',
  plan_change_scheduled: 'scheduled a move to another plan for the next month',
  plan_change_cancelled: 'cancelled its scheduled move to another plan',
};

/** Things that are created rather than set. */
const CREATED = new Set(['plan', 'tenant']);

/** What, in words: "Your price of text.generate (Input tokens) changed", "Plan Pro created". */
export function whatOf(entry: ActivityEntryView, names: Namers): string {
  const change = entry.action.split('.')[1] ?? '';
  const verb = change === 'create' && CREATED.has(entry.entity_type) ? 'created' : (VERBS[change] ?? entry.action);
  return `${subjectOf(entry, names)} ${verb}`;
}

/** The meter of a price's entity id, when it names one. */
function meterOf(entry: ActivityEntryView): Meter | undefined {
  if (entry.entity_type === 'price') return entry.entity_id.split(':').at(-1) as Meter;
  if (entry.entity_type === 'catalog_price') return entry.entity_id.split(':')[1] as Meter;
  return undefined;
}

function subjectOf(entry: ActivityEntryView, names: Namers): string {
  const parts = entry.entity_id.split(':');
  const whose = (scope: string, id: string | undefined) =>
    scope === 'customer' && id ? `${names.customer(id)}’s` : names.own ? 'Your' : 'The tenant’s';
  switch (entry.entity_type) {
    case 'price': {
      const [slug, meter] = parts[0] === 'customer' ? parts.slice(2) : parts.slice(1);
      return `${whose(parts[0], parts[1])} price of ${slug} (${meterLabel(meter as Meter)})`;
    }
    case 'markup': {
      const slug = parts[0] === 'customer' ? parts[2] : parts[1];
      return `${whose(parts[0], parts[1])} markup on ${slug === '*' ? 'every endpoint' : slug}`;
    }
    case 'catalog_price': {
      // <slug>:<meter>, or <slug>:<meter>:model:<model name> (last, as a model's name may hold ':').
      const model = parts[2] === 'model' ? ` model ${parts.slice(3).join(':')}` : '';
      return `Catalog price of ${parts[0]}${model} (${meterLabel(parts[1] as Meter)})`;
    }
    case 'limit':
    case 'budget':
      return `${subjectName(parts[0], parts.slice(1).join(':'), names)} ${entry.entity_type}`;
    case 'plan':
      return `Plan ${planName(entry) ?? names.plan(entry.entity_id)}`;
    case 'tenant':
      return names.own ? 'Your account' : `Tenant ${names.tenant(entry.entity_id)}`;
    default:
      return `${entry.entity_type} ${entry.entity_id}`;
  }
}

function subjectName(subject: string, id: string, names: Namers): string {
  if (subject === 'customer') return `Customer ${names.customer(id)}’s`;
  if (subject === 'key') return `Key ${shortId(id)}’s`;
  if (subject === 'endpoint') return `Endpoint ${id}’s`;
  if (subject === 'tenant') return names.own ? 'Your account’s' : `Tenant ${names.tenant(id)}’s`;
  return `${subject} ${shortId(id)}’s`;
}

function planName(entry: ActivityEntryView): string | undefined {
  const name = entry.after?.name ?? entry.before?.name;
  return typeof name === 'string' ? name : undefined;
}

const LABELS: Record<string, string> = {
  price_usd_per_unit: 'Price',
  markup_bps: 'Markup',
  requests_per_window: 'Requests per window',
  per_slug: 'Per endpoint',
  allowed_endpoints: 'Allowed endpoints',
  period: 'Period',
  cap_usd: 'Cap',
  name: 'Name',
  description: 'Description',
  monthly_fee_usd: 'Monthly fee',
  resale_discount_bps: 'Discount',
  request_limit_per_window: 'Request limit',
  default_monthly_spend_cap_usd: 'Default monthly cap',
  allowed_categories: 'Categories',
  public: 'Public',
  default_for_signups: 'Default for sign-ups',
  kind: 'Kind',
  status: 'Status',
  plan_id: 'Plan',
  rate_limit_per_window: 'Account-wide limit',
  wholesale_usd_per_unit: 'Wholesale',
  resale_usd_per_unit: 'Resale',
  default_rate_limit: 'Catalog default limit',
};

/** A field's name in words; a key's `rate_limit_per_window` is the operator's limit on it, not an account-wide one. */
function labelOf(entry: ActivityEntryView, field: string): string {
  if (field === 'rate_limit_per_window' && entry.entity_type === 'limit') return 'Operator’s limit per endpoint';
  return LABELS[field] ?? field.replace(/_/g, ' ');
}

/** Fields shown as the below-cost mark rather than as changes. */
const MARKS = new Set(['below_cost', 'cost_usd_per_unit']);

/** Each changed field, before and after in words (null: it had none / has none). */
export function changesOf(entry: ActivityEntryView, names: Namers, limitText: (requests: number) => string): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // A creation or deletion lists every field: those it had none of say nothing.
  const said = (field: string) => (entry.before === null ? after[field] !== null : entry.after === null ? before[field] !== null : true);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !MARKS.has(field) && said(field));
  const meter = meterOf(entry);
  const text = (field: string, value: unknown) => valueText(field, value, { names, limitText, meter });
  return fields.map((field) => ({
    label: labelOf(entry, field),
    before: entry.before === null ? null : text(field, before[field]),
    after: entry.after === null ? null : text(field, after[field]),
  }));
}

/** The cost a price was set below, when the entry marks it so. */
export function belowCostOf(entry: ActivityEntryView): string | null {
  const after = entry.after;
  if (after?.below_cost !== true || typeof after.cost_usd_per_unit !== 'string') return null;
  const meter = meterOf(entry);
  return meter ? meterPrice(meter, after.cost_usd_per_unit) : formatUsd(after.cost_usd_per_unit);
}

function valueText(
  field: string,
  value: unknown,
  how: { names: Namers; limitText: (requests: number) => string; meter: Meter | undefined },
): string {
  if (value === null || value === undefined) return field === 'allowed_endpoints' || field === 'allowed_categories' ? 'all' : 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field.endsWith('_usd_per_unit') && typeof value === 'string') return how.meter ? meterPrice(how.meter, value) : formatUsd(value);
  if (field.endsWith('_usd') && typeof value === 'string') return formatUsd(value);
  if (field.endsWith('_bps') && typeof value === 'number') return formatBps(value);
  if ((field.endsWith('per_window') || field === 'default_rate_limit') && typeof value === 'number') return how.limitText(value);
  if (field === 'plan_id' && typeof value === 'string') return how.names.plan(value);
  if (Array.isArray(value)) return value.length === 0 ? 'all' : value.join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return 'none';
    return entries.map(([key, v]) => `${key}: ${typeof v === 'number' ? how.limitText(v) : JSON.stringify(v)}`).join('; ');
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}
