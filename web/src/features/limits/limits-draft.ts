/** A limits form's draft: the text as typed, checked as the API checks it, and the body it sends. */
import type { LimitsBody } from '@unified-api-gateway/sdk';

export interface LimitsDraft {
  requestsPerWindow: string;
  perSlug: Array<{ slug: string; limit: string }>;
  allowed: string;
}

export const toLimitsDraft = (limits: LimitsBody): LimitsDraft => ({
  requestsPerWindow: limits.requests_per_window ? String(limits.requests_per_window) : '',
  perSlug: Object.entries(limits.per_slug ?? {}).map(([slug, limit]) => ({ slug, limit: String(limit) })),
  allowed: (limits.allowed_endpoints ?? []).join(', '),
});

const positiveInt = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 2_147_483_647;
const ALLOWED_ENTRY = /^[a-z]+\.(\*|[a-z0-9_]+)$/;

function splitList(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function limitsProblems(draft: LimitsDraft): string[] {
  const problems: string[] = [];
  if (draft.requestsPerWindow && !positiveInt(draft.requestsPerWindow))
    problems.push('The overall limit must be a whole number of at least 1.');
  for (const row of draft.perSlug) {
    if (!row.slug) problems.push('Choose an endpoint for every per-endpoint limit.');
    else if (!positiveInt(row.limit)) problems.push(`The limit of ${row.slug} must be a whole number of at least 1.`);
  }
  for (const entry of splitList(draft.allowed)) {
    if (!ALLOWED_ENTRY.test(entry)) problems.push(`"${entry}" is not a slug (text.generate) or a category (text.*).`);
  }
  return problems;
}

export function toLimitsBody(draft: LimitsDraft): LimitsBody {
  const perSlug = Object.fromEntries(draft.perSlug.map((row) => [row.slug, Number(row.limit)]));
  const allowed = splitList(draft.allowed);
  return {
    ...(draft.requestsPerWindow ? { requests_per_window: Number(draft.requestsPerWindow) } : {}),
    ...(Object.keys(perSlug).length ? { per_slug: perSlug } : {}),
    ...(allowed.length ? { allowed_endpoints: allowed } : {}),
  };
}
