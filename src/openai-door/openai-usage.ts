import type { MeterQuantities } from '../catalog/meters';
import { picoUsdToUsdNumber } from '../common/money/money';
import type { CallContext } from '../gateway/call-context';
import type { Usage } from '../proxy/provider.types';

/** OpenAI's `usage` of a chat completion, plus `cost`: what the call was billed, in USD. */
export interface OpenAiChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens: number };
  completion_tokens_details?: { reasoning_tokens: number };
  cost: number;
}

/** OpenAI's `usage` of embeddings, plus `cost`. */
export interface OpenAiEmbeddingUsage {
  prompt_tokens: number;
  total_tokens: number;
  cost: number;
}

function count(meters: MeterQuantities, ...names: Array<keyof MeterQuantities>): number {
  let total = 0n;
  for (const name of names) total += meters[name] ?? 0n;
  return Number(total);
}

/**
 * A text call's usage in OpenAI's terms, from the quantities the call was billed for: the prompt
 * is every input meter (OpenAI counts cached tokens inside prompt_tokens, and shows them in
 * `prompt_tokens_details`), the completion the output tokens; a provider that reported a bare
 * total (the `tokens` meter, billed as output) shows it as completion tokens. The details appear
 * only where the provider reported them. `cost` is what the caller pays for the call.
 */
export function chatUsageOf(call: CallContext, usage: Usage): OpenAiChatUsage {
  const { meters } = usage;
  const prompt = count(meters, 'input_tokens', 'cached_input_tokens', 'cache_write_tokens');
  const completion = count(meters, 'output_tokens', 'tokens');
  const view: OpenAiChatUsage = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, cost: 0 };
  if (meters.cached_input_tokens !== undefined) view.prompt_tokens_details = { cached_tokens: Number(meters.cached_input_tokens) };
  if (usage.reasoningTokens !== undefined) view.completion_tokens_details = { reasoning_tokens: Number(usage.reasoningTokens) };
  view.cost = picoUsdToUsdNumber(call.customerPicoUsd);
  return view;
}

/** Embeddings' usage: every token of the input. */
export function embeddingUsageOf(call: CallContext, usage: Usage): OpenAiEmbeddingUsage {
  const tokens = count(usage.meters, 'input_tokens', 'cached_input_tokens', 'tokens');
  return { prompt_tokens: tokens, total_tokens: tokens, cost: picoUsdToUsdNumber(call.customerPicoUsd) };
}

/**
 * An image generation's usage: the images billed and, where the provider reported them
 * (gpt-image-1), its tokens in OpenAI's names; plus `cost`.
 */
export interface OpenAiImageUsage {
  images: number;
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
  cost: number;
}

export function imageUsageOf(call: CallContext, usage: Usage): OpenAiImageUsage {
  const { meters } = usage;
  const view: OpenAiImageUsage = { images: count(meters, 'images'), cost: picoUsdToUsdNumber(call.customerPicoUsd) };
  if (meters.input_tokens !== undefined || meters.output_tokens !== undefined) {
    view.input_tokens = count(meters, 'input_tokens');
    view.output_tokens = count(meters, 'output_tokens');
    view.total_tokens = view.input_tokens + view.output_tokens;
  }
  return view;
}

/** A transcription's usage as OpenAI's `{ type: "duration", seconds }`: the audio billed (minutes are kept in ms); plus `cost`. */
export interface OpenAiTranscriptionUsage {
  type: 'duration';
  seconds: number;
  cost: number;
}

export function transcriptionUsageOf(call: CallContext, usage: Usage): OpenAiTranscriptionUsage {
  return { type: 'duration', seconds: count(usage.meters, 'minutes') / 1000, cost: picoUsdToUsdNumber(call.customerPicoUsd) };
}
