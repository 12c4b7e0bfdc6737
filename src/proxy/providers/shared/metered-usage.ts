import type { MeterQuantities } from '../../../catalog/meters';
import type { Meter } from '../../../generated/prisma/enums';
import type { Usage } from '../../provider.types';
import { printable, validReportedQuantity } from './usage';

/**
 * Usage of several meters, each reported by the upstream or else estimated: the multi-meter form
 * of `reportedUsage(...) ?? estimatedUsage(...)` (usage.ts). The usage is `reported` only when
 * every meter was; the first invalid report is kept (printable) for the gateway's warning.
 */
export class MeteredUsage {
  private readonly meters: MeterQuantities = {};
  private estimated = false;
  private rejected: string | undefined;

  /** A quantity the upstream reported and the provider validated (or derived from validated reports). */
  reported(meter: Meter, quantity: bigint): this {
    this.meters[meter] = (this.meters[meter] ?? 0n) + quantity;
    return this;
  }

  /** The provider's own estimate of a meter, because the report was missing (`rejected` undefined) or invalid. */
  estimate(meter: Meter, quantity: bigint, rejected?: unknown): this {
    this.meters[meter] = (this.meters[meter] ?? 0n) + quantity;
    this.estimated = true;
    if (rejected !== undefined && rejected !== null) this.rejected ??= printable(rejected);
    return this;
  }

  usage(): Usage {
    const usage: Usage = { meters: this.meters, source: this.estimated ? 'estimated' : 'reported' };
    if (this.rejected !== undefined) usage.rejected = this.rejected;
    return usage;
  }
}

/**
 * A count the upstream may leave out when it is 0 (Gemini's JSON omits zero fields; Anthropic sends
 * null for cache counts that do not apply): absent → 0n, a valid count → it, anything else → null.
 */
export function optionalCount(value: unknown): bigint | null {
  return value === undefined || value === null ? 0n : validReportedQuantity(value);
}
