import type { Meter } from '../../../generated/prisma/enums';

/**
 * What a provider bills for a meter its upstream did not report (or reported invalidly), in the
 * meter's base measure: the one place these estimates are defined. Token meters count ~4 characters
 * per token of the JSON sent and received (input_tokens of the input, output_tokens of the answer,
 * tokens of both); `minutes` is 60 s; `characters` the caller's `text` (speech), else its whole
 * input; cached and cache-write tokens 0 (nothing is known to have been cached); every count one.
 */
export const METER_ESTIMATES: { readonly [M in Meter]: (call: EstimateBasis) => bigint } = {
  tokens: (call) => tokensOfLength(call.inputLength() + call.outputLength()),
  input_tokens: (call) => tokensOfLength(call.inputLength()),
  cached_input_tokens: () => 0n,
  cache_write_tokens: () => 0n,
  output_tokens: (call) => tokensOfLength(call.outputLength()),
  images: () => 1n,
  minutes: () => 60_000n,
  characters: (call) => BigInt(Math.max(1, call.inputTextLength())),
  generations: () => 1n,
  records: () => 1n,
  verifications: () => 1n,
  transactions: () => 1n,
  calls: () => 1n,
};

function tokensOfLength(characters: number): bigint {
  return BigInt(Math.max(1, Math.ceil(characters / 4)));
}

/**
 * The call an estimate is made for: its input and the upstream's answer, serialised only when an
 * estimate needs a length (most calls are reported and never serialise anything).
 */
export class EstimateBasis {
  private input?: number;
  private output?: number;

  constructor(
    private readonly callerInput: unknown,
    private readonly answer: unknown,
  ) {}

  inputLength(): number {
    return (this.input ??= JSON.stringify(this.callerInput ?? '').length);
  }

  outputLength(): number {
    return (this.output ??= JSON.stringify(this.answer ?? '').length);
  }

  /** The caller's `text` field (what speech is made of), else the whole input's JSON. */
  inputTextLength(): number {
    const text = (this.callerInput as { text?: unknown } | null)?.text;
    return typeof text === 'string' ? text.length : this.inputLength();
  }
}

/** The estimate of one meter for a call. */
export function estimateMeter(meter: Meter, call: EstimateBasis): bigint {
  return METER_ESTIMATES[meter](call);
}
