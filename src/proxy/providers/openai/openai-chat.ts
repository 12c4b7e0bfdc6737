import { GatewayError } from '../../../common/errors/error-catalog';
import type { MeterQuantities } from '../../../catalog/meters';
import { ProviderError, type ProviderResult, type Usage } from '../../provider.types';
import { textGenerationInputProblem, type FinishReason, type TextGeneration, type ToolCall } from '../../text-generation';
import { estimateTokensOfLength, printable, validReportedQuantity } from '../shared/usage';
import { isObject } from '../shared/json';

/**
 * text.generate on OpenAI's chat completions (POST /v1/chat/completions): the request built from
 * the slug's one shape, the answer read back into it, and the usage into meters.
 */

/** Asked on every stream: the last event before [DONE] then carries the usage, with empty `choices`. */
const STREAM_OPTIONS = Object.freeze({ include_usage: true });

/**
 * The chat completion request for a text.generate input: `input` becomes one user message,
 * `messages` (with their image parts, tool calls and tool results) pass as they are, as do `tools`
 * and `tool_choice`. `max_tokens`, `temperature`, `top_p` and `stop` are forwarded when valid for
 * OpenAI, else left out (the upstream's defaults). `model` is the operator's, never the caller's.
 */
export function chatCompletionRequest(input: Record<string, unknown>, model: string, stream: boolean): Record<string, unknown> {
  // The gateway checked text.generate already; other text slugs reach here unchecked.
  const problem = textGenerationInputProblem(input);
  if (problem) throw new GatewayError('invalid_request', problem, { problems: [problem] });
  const request: Record<string, unknown> = {
    model,
    messages: typeof input.input === 'string' ? [{ role: 'user', content: input.input }] : input.messages,
  };
  if (Array.isArray(input.tools)) request.tools = input.tools;
  if (input.tool_choice !== undefined && input.tool_choice !== null) request.tool_choice = input.tool_choice;
  // A positive max_tokens also bounds what a budget holds for the output (billing/call-hold.ts).
  if (typeof input.max_tokens === 'number' && Number.isSafeInteger(input.max_tokens) && input.max_tokens > 0) {
    request.max_tokens = input.max_tokens;
  }
  if (isNumberWithin(input.temperature, 0, 2)) request.temperature = input.temperature;
  if (isNumberWithin(input.top_p, 0, 1)) request.top_p = input.top_p;
  if (isStop(input.stop)) request.stop = input.stop;
  request.stream = stream;
  if (stream) request.stream_options = STREAM_OPTIONS;
  return request;
}

function isNumberWithin(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && value >= min && value <= max;
}

/** OpenAI takes up to 4 stop sequences, as a string or an array. */
function isStop(value: unknown): boolean {
  if (typeof value === 'string') return value !== '';
  return Array.isArray(value) && value.length > 0 && value.length <= 4 && value.every((s) => typeof s === 'string' && s !== '');
}

/**
 * The slug's one shape from a whole chat completion, and its usage. An answer without a choice is
 * not an answer (invalid_response: the next upstream is tried).
 */
export function chatCompletionResult(completion: unknown, input: Record<string, unknown>, upstreamModel: string): ProviderResult {
  const choices = isObject(completion) ? completion.choices : undefined;
  const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
  if (!isObject(choice)) throw new ProviderError('invalid_response', 'upstream chat completion has no choices');
  const { model, usage } = completion as Record<string, unknown>;
  const message = isObject(choice.message) ? choice.message : undefined;
  const text = typeof message?.content === 'string' ? message.content : '';
  const result: TextGeneration = {
    text,
    finish_reason: finishReasonOf(choice.finish_reason),
    model: typeof model === 'string' ? model : upstreamModel,
  };
  let generatedLength = text.length;
  const toolCalls = message?.tool_calls === undefined ? undefined : toolCallsOf(message.tool_calls);
  if (toolCalls) {
    result.tool_calls = toolCalls;
    for (const call of toolCalls) generatedLength += call.function.name.length + call.function.arguments.length;
  }
  return { result, usage: chatUsage(usage, input, generatedLength) };
}

/** OpenAI's reasons, with the deprecated `function_call` as `tool_calls`; anything else is null. */
export function finishReasonOf(reason: unknown): FinishReason {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason;
    case 'function_call':
      return 'tool_calls';
    default:
      return null;
  }
}

/** The well-formed function calls of an answer (copied field by field: nothing else of the upstream's object reaches the caller). */
function toolCallsOf(value: unknown): ToolCall[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const calls: ToolCall[] = [];
  for (const call of value as unknown[]) {
    if (!isObject(call) || !isObject(call.function) || typeof call.function.name !== 'string') continue;
    const args = call.function.arguments;
    calls.push({
      id: typeof call.id === 'string' ? call.id : '',
      type: 'function',
      function: { name: call.function.name, arguments: typeof args === 'string' ? args : '' },
    });
  }
  return calls.length > 0 ? calls : undefined;
}

/** Nothing reported yet: the marker that keeps `rejected` apart from a report of undefined. */
const NONE = Symbol('none');

/**
 * OpenAI's `usage` of a chat completion (or of a stream's last event) as meters:
 * - input_tokens = prompt_tokens − prompt_tokens_details.cached_tokens (OpenAI counts cached
 *   tokens inside prompt_tokens), cached_input_tokens = cached_tokens (when there are any),
 *   output_tokens = completion_tokens (reasoning tokens are inside it; their count is kept apart
 *   for the OpenAI door's `completion_tokens_details`, not billed again);
 * - a server that reports only `total_tokens` (some OpenAI-compatible ones) gets one `tokens`
 *   quantity (a split price bills it as output tokens, the dearer side: catalog/meters.ts);
 * - each number is validated (shared/usage.ts): an invalid or missing prompt or completion count
 *   is estimated (~4 characters a token of the prompt, of what was generated) and the usage is
 *   `estimated`; cached tokens that are invalid or more than the prompt count as no cached report
 *   (every prompt token billed as input), also `estimated`.
 * `generatedLength`: characters of text (and tool calls) generated, for the output estimate.
 */
export function chatUsage(report: unknown, input: Record<string, unknown>, generatedLength: number): Usage {
  if (!isObject(report)) return estimatedChatUsage(input, generatedLength, report === undefined || report === null ? NONE : report);
  const prompt = report.prompt_tokens;
  const completion = report.completion_tokens;
  if (prompt === undefined && completion === undefined) {
    const total = validReportedQuantity(report.total_tokens, 1);
    if (total !== null) return { meters: { tokens: total }, source: 'reported' };
    return estimatedChatUsage(input, generatedLength, report.total_tokens === undefined ? NONE : report.total_tokens);
  }
  const meters: MeterQuantities = {};
  let estimated = false;
  let rejected: unknown = NONE;
  // Every answered call has a prompt: a count of 0 would make its input free, so it is no report.
  const promptTokens = validReportedQuantity(prompt, 1);
  if (promptTokens === null) {
    meters.input_tokens = BigInt(estimateTokensOfLength(promptLengthOf(input)));
    estimated = true;
    if (prompt !== undefined && prompt !== null) rejected = prompt;
  } else {
    const details = report.prompt_tokens_details;
    const cached = isObject(details) ? details.cached_tokens : undefined;
    const cachedTokens = cached === undefined || cached === null ? 0n : validReportedQuantity(cached, 0);
    if (cachedTokens === null || cachedTokens > promptTokens) {
      meters.input_tokens = promptTokens;
      estimated = true;
      rejected = cached;
    } else {
      meters.input_tokens = promptTokens - cachedTokens;
      if (cachedTokens > 0n) meters.cached_input_tokens = cachedTokens;
    }
  }
  const completionTokens = validReportedQuantity(completion, 0);
  if (completionTokens === null) {
    meters.output_tokens = BigInt(generatedLength > 0 ? estimateTokensOfLength(generatedLength) : 0);
    estimated = true;
    if (rejected === NONE && completion !== undefined && completion !== null) rejected = completion;
  } else {
    meters.output_tokens = completionTokens;
  }
  const reasoningTokens = reportedReasoningTokens(report.completion_tokens_details, completionTokens);
  if (!estimated) return reasoningTokens === null ? { meters, source: 'reported' } : { meters, source: 'reported', reasoningTokens };
  return rejected === NONE ? { meters, source: 'estimated' } : { meters, source: 'estimated', rejected: printable(rejected) };
}

/** `completion_tokens_details.reasoning_tokens` when valid and within the completion tokens; null otherwise. */
function reportedReasoningTokens(details: unknown, completionTokens: bigint | null): bigint | null {
  if (!isObject(details) || completionTokens === null) return null;
  const reasoning = validReportedQuantity(details.reasoning_tokens, 0);
  return reasoning !== null && reasoning > 0n && reasoning <= completionTokens ? reasoning : null;
}

function estimatedChatUsage(input: Record<string, unknown>, generatedLength: number, rejected: unknown): Usage {
  const meters: MeterQuantities = {
    input_tokens: BigInt(estimateTokensOfLength(promptLengthOf(input))),
    output_tokens: BigInt(generatedLength > 0 ? estimateTokensOfLength(generatedLength) : 0),
  };
  return rejected === NONE ? { meters, source: 'estimated' } : { meters, source: 'estimated', rejected: printable(rejected) };
}

/** Characters of the prompt: `input`, else the whole input as JSON (messages and tools are all prompt). Only for estimates. */
function promptLengthOf(input: Record<string, unknown>): number {
  return typeof input.input === 'string' ? input.input.length : JSON.stringify(input).length;
}
