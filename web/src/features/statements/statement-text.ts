/** What a console statement's page says about it: its period, whether it is closed, how the amount owed adds up. */
import type { StatementView } from '@unified-api-gateway/sdk';
import { formatCount, formatDate, formatDateTime } from '../../lib/format';
import { formatUsd } from '../../lib/money';

/** What the lines are, and where their meter lines are (none kept on a statement closed before them). */
export function linesText(statement: StatementView): string {
  const perSlug = "One line per endpoint and billing unit; quantities in the unit's base measure.";
  if (statement.lines.some((line) => line.meters === null)) {
    return `${perSlug} This statement was closed before lines per meter were kept: it has none, and never changes.`;
  }
  return `${perSlug} An endpoint priced in several meters (input and output tokens, …) has its line per meter under it.`;
}

export function describe(statement: StatementView): string {
  if (statement.status === 'open') {
    return `The month in progress, as it stands now (${periodText(statement)}). It closes shortly after the month ends; until then the figures grow with every call.`;
  }
  return `${periodText(statement)}. ${closedText(statement)}: a closed statement never changes.`;
}

/** How the amount owed adds up: the usage (resale, with adjustments) and the plan fee. */
export function owedText(statement: StatementView): string {
  if (statement.plan_fee_usd === '0') return 'Resale, under your plan';
  return `${formatUsd(statement.totals.resale_usd)} usage + ${formatUsd(statement.plan_fee_usd)} plan fee`;
}

export function callsText(statement: StatementView): string {
  const errors = `${formatCount(statement.totals.errors)} error${statement.totals.errors === 1 ? '' : 's'}`;
  if (statement.adjustments.length === 0) return errors;
  return `${formatCount(statement.usage.calls)} this month + ${formatCount(statement.adjustment_totals.calls)} from adjustments · ${errors}`;
}

export function periodText(statement: StatementView): string {
  const last = new Date(Date.parse(statement.period.to) - 1).toISOString();
  return `${formatDate(statement.period.from)} to ${formatDate(last)}, UTC`;
}

export function closedText(statement: StatementView): string {
  return statement.closed_at ? `Closed ${formatDateTime(statement.closed_at)}` : 'Not closed yet';
}
