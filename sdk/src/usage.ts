import { usdToPicoUsd } from './money.js';

/** One meter of a call's usage (the gateway's `usage.meters`). */
export interface MeterUsage {
  /** `tokens`, `input_tokens`, `cached_input_tokens`, `cache_write_tokens`, `output_tokens`, `images`, `minutes`, `characters`, … */
  meter: string;
  /** In the meter's base measure: tokens, milliseconds, characters, or a count. */
  quantity: number;
  /** The same in the meter's units (1k tokens, minutes, 1k characters, items). */
  units: number;
  /** What this meter cost the caller, as the gateway sent it (a JSON number); the meters sum to the call's. */
  billedUsd: number;
  /** The same, exact, in pico-USD. */
  billedPicoUsd: bigint;
}

/** The `meters` of an answer's or a stream's usage (absent from an older gateway: none). */
export function meterUsageOf(value: unknown): MeterUsage[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
    .map((m) => ({
      meter: String(m.meter),
      quantity: Number(m.quantity),
      units: Number(m.units),
      billedUsd: Number(m.billed_usd),
      billedPicoUsd: usdToPicoUsd(Number(m.billed_usd)),
    }));
}
