import type { Meter } from '../../../generated/prisma/enums';
import type { Usage } from '../../provider.types';

/**
 * Usage an upstream reports is untrusted input. It is accepted only as a JSON number that is a
 * non-negative safe integer (and not 0, unless the unit allows it: see reportedUsage); anything else (a float, a negative, NaN, a numeric string, 1e300, a
 * bigint-like string, an object) is treated as no report: the provider's own estimate is billed
 * instead, so a bad report never makes an answered call free, never reaches BigInt() as a
 * fraction (a RangeError, i.e. a 500), and never reaches the audit writer as something Postgres
 * rejects. Every provider goes through these two:
 *
 *   reportedUsage(meter, report) ?? estimatedUsage(meter, report, estimate)
 *
 * (`??` computes the estimate only when needed, with no closure per call.)
 */
export function validReportedQuantity(value: unknown, minimum = 0): bigint | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= minimum ? BigInt(value) : null;
}

/**
 * The usage an upstream reported, when the report is valid; undefined otherwise. A report of 0 for
 * a call that was answered is accepted only where the unit can honestly be 0 (`zeroAllowed`: an
 * enrichment that matched no record); a 0 of tokens, milliseconds, images or calls would make an
 * answered call free, so it counts as no report and the estimate is billed.
 */
export function reportedUsage(meter: Meter, reported: unknown, zeroAllowed = false): Usage | undefined {
  const quantity = validReportedQuantity(reported, zeroAllowed ? 0 : 1);
  return quantity === null ? undefined : { meters: { [meter]: quantity }, source: 'reported' };
}

/**
 * The provider's estimate, billed when the report is missing or invalid. A missing report
 * (undefined/null) is an ordinary estimate; a present but invalid one is also kept as `rejected`
 * (short and printable) for the warning the gateway logs.
 */
export function estimatedUsage(meter: Meter, reported: unknown, estimate: bigint): Usage {
  if (reported === undefined || reported === null) return { meters: { [meter]: estimate }, source: 'estimated' };
  return { meters: { [meter]: estimate }, source: 'estimated', rejected: printable(reported) };
}

/** A rejected report as the warning log shows it: short and printable. */
export function printable(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > 64 ? `${text.slice(0, 61)}...` : text;
}

/** About four characters per token, as tokenizers of English text average. */
export function estimateTokens(text: string): number {
  return estimateTokensOfLength(text.length);
}

/** The same estimate from a length alone, for streams that count characters rather than keep the text. */
export function estimateTokensOfLength(length: number): number {
  return Math.max(1, Math.ceil(length / 4));
}

/**
 * A duration an upstream reports in seconds (fractions allowed: OpenAI's `duration: 8.47`) as whole
 * milliseconds, validated as untrusted input like every quantity: a finite non-negative JSON
 * number whose milliseconds are a safe integer of at least `minimumMs`; anything else is null (no report).
 */
export function validReportedSecondsAsMs(value: unknown, minimumMs = 1): bigint | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return validReportedQuantity(Math.round(value * 1000), minimumMs);
}
