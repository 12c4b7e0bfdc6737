import { ProviderError, type Usage } from '../../provider.types';
import { ChatImage, ChatInput, ChatPart, ChatResult, ChatTurn, isObject, parseJson } from '../shared/chat-input';
import { MeteredUsage, optionalCount } from '../shared/metered-usage';
import { estimateTokensOfLength, validReportedQuantity } from '../shared/usage';

/**
 * Anthropic's Messages API (POST /v1/messages), as documented by its API reference and typed by
 * its TypeScript SDK (src/resources/messages/messages.ts): the request built from the caller's
 * input, the answer read into the slug's one shape, usage into meters, errors into failures.
 * Pure functions: the HTTP is anthropic.provider.ts's.
 */

/** `anthropic-version`: the API version whose wire format this file speaks. */
export const ANTHROPIC_VERSION = '2023-06-01';

/**
 * max_tokens is required by Anthropic; a caller who sends none gets this many. 4096 is what the
 * seeded catalog's text.generate declares as its output limit (what a budget holds for a call
 * without max_tokens), and within every current Claude model's output limit.
 */
export const DEFAULT_MAX_TOKENS = 4096;

/**
 * Tokens estimated for an image when the answer reports no usage: Anthropic counts about
 * width × height / 750 and resizes images past ~1.15 megapixels, so ~1,600 is the most one costs.
 */
const IMAGE_TOKEN_ESTIMATE = 1600;

type MessageParam = { role: 'user' | 'assistant'; content: Array<Record<string, unknown>> };

/** The Messages API request for the caller's input. */
export function messagesRequest(chat: ChatInput, model: string, stream: boolean): Record<string, unknown> {
  const request: Record<string, unknown> = { model, max_tokens: chat.maxTokens ?? DEFAULT_MAX_TOKENS, messages: messagesOf(chat.turns) };
  // Anthropic has one system prompt, outside the conversation: every system message goes there, in order.
  if (chat.system.length > 0) request.system = chat.system.join('\n\n');
  if (chat.temperature !== undefined) request.temperature = Math.min(chat.temperature, 1); // Anthropic's range is 0..1
  if (chat.topP !== undefined) request.top_p = chat.topP;
  if (chat.stop.length > 0) request.stop_sequences = chat.stop;
  if (chat.tools.length > 0) {
    request.tools = chat.tools.map((t) => ({
      name: t.name,
      ...(t.description === undefined ? {} : { description: t.description }),
      input_schema: t.parameters ?? { type: 'object', properties: {} },
    }));
  }
  const choice = toolChoiceOf(chat);
  if (choice) request.tool_choice = choice;
  if (stream) request.stream = true;
  return request;
}

/**
 * OpenAI's turns as Anthropic's: tool results are user content (tool_result blocks), tool calls are
 * assistant content (tool_use blocks), and consecutive turns of one role are one message (the
 * results of one assistant turn's tool calls must all come in the next user message).
 */
function messagesOf(turns: ChatTurn[]): MessageParam[] {
  const messages: MessageParam[] = [];
  for (const turn of turns) {
    let role: MessageParam['role'];
    let content: Array<Record<string, unknown>>;
    if (turn.role === 'tool') {
      role = 'user';
      content = [{ type: 'tool_result', tool_use_id: turn.toolCallId, content: turn.content }];
    } else {
      role = turn.role;
      content = turn.parts.map(blockOf);
      if (turn.role === 'assistant') {
        for (const call of turn.toolCalls)
          content.push({ type: 'tool_use', id: call.id, name: call.name, input: parseJson(call.arguments) });
      }
    }
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...content);
    else messages.push({ role, content });
  }
  return messages;
}

function blockOf(part: ChatPart): Record<string, unknown> {
  return part.type === 'text' ? { type: 'text', text: part.text } : { type: 'image', source: imageSourceOf(part.image) };
}

function imageSourceOf(image: ChatImage): Record<string, unknown> {
  return image.source === 'base64' ? { type: 'base64', media_type: image.mediaType, data: image.data } : { type: 'url', url: image.url };
}

function toolChoiceOf(chat: ChatInput): Record<string, unknown> | undefined {
  const single = chat.singleToolCall ? { disable_parallel_tool_use: true } : {};
  const choice = chat.toolChoice;
  if (choice === undefined) return chat.singleToolCall && chat.tools.length > 0 ? { type: 'auto', ...single } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto', ...single };
  if (choice === 'required') return { type: 'any', ...single };
  return { type: 'tool', name: choice.name, ...single };
}

/** stop_reason → the slug's finish_reason (pause_turn and unknown reasons: null). */
export function finishReasonOf(stopReason: unknown): ChatResult['finish_reason'] {
  switch (stopReason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      return null;
  }
}

/** A whole Message as the slug's answer: its text blocks joined, its tool_use blocks as tool calls. */
export function resultOf(message: unknown, model: string): ChatResult {
  const body = isObject(message) ? message : {};
  const blocks = Array.isArray(body.content) ? (body.content as unknown[]) : [];
  let text = '';
  const toolCalls: NonNullable<ChatResult['tool_calls']> = [];
  for (const block of blocks) {
    if (!isObject(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') text += block.text;
    else if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) } });
    }
  }
  const result: ChatResult = {
    text,
    finish_reason: finishReasonOf(body.stop_reason),
    model: typeof body.model === 'string' ? body.model : model,
  };
  if (toolCalls.length > 0) result.tool_calls = toolCalls;
  return result;
}

/** The prompt's token estimate, for input usage the answer does not report. */
export function estimatePromptTokens(chat: ChatInput): bigint {
  return BigInt(estimateTokensOfLength(chat.promptLength) + chat.images * IMAGE_TOKEN_ESTIMATE);
}

/** The generated output's token estimate (~4 characters per token of text and tool arguments). */
export function estimateOutputTokens(generatedLength: number): bigint {
  return BigInt(estimateTokensOfLength(generatedLength));
}

/**
 * The input side of Anthropic's usage: input_tokens (which excludes the cache), cache reads and
 * cache writes; the cache counts are null when they do not apply. Reported when input_tokens is a
 * valid count, each cache count valid or null, and the prompt is not 0 tokens in all (an answered
 * call is never free); otherwise the prompt is estimated, all as input tokens.
 */
export function addInputUsage(usage: MeteredUsage, report: unknown, chat: ChatInput): void {
  const fields = isObject(report) ? report : {};
  const input = validReportedQuantity(fields.input_tokens);
  const cacheRead = optionalCount(fields.cache_read_input_tokens);
  const cacheWrite = optionalCount(fields.cache_creation_input_tokens);
  if (input === null || cacheRead === null || cacheWrite === null || input + cacheRead + cacheWrite === 0n) {
    usage.estimate('input_tokens', estimatePromptTokens(chat), report ?? undefined);
    return;
  }
  usage.reported('input_tokens', input);
  if (cacheRead > 0n) usage.reported('cached_input_tokens', cacheRead);
  if (cacheWrite > 0n) usage.reported('cache_write_tokens', cacheWrite);
}

/** output_tokens (thinking included), reported when a valid count of at least 1 (Anthropic never reports 0 for an answer). */
export function addOutputUsage(usage: MeteredUsage, outputTokens: unknown, generatedLength: number): void {
  const output = validReportedQuantity(outputTokens, 1);
  if (output === null) usage.estimate('output_tokens', estimateOutputTokens(generatedLength), outputTokens);
  else usage.reported('output_tokens', output);
}

/** Usage of a whole answer: its `usage` object, each meter validated. */
export function wholeUsage(message: unknown, chat: ChatInput, result: ChatResult): Usage {
  const report = isObject(message) ? message.usage : undefined;
  const usage = new MeteredUsage();
  addInputUsage(usage, report, chat);
  addOutputUsage(usage, isObject(report) ? report.output_tokens : undefined, generatedLengthOf(result));
  return usage.usage();
}

/** Characters generated: the text and the tool calls' arguments. */
export function generatedLengthOf(result: ChatResult): number {
  return result.text.length + (result.tool_calls ?? []).reduce((sum, c) => sum + c.function.name.length + c.function.arguments.length, 0);
}

/**
 * A failed answer (`{"type":"error","error":{"type":…,"message":…}}`, also sent as an `error`
 * event mid-stream) as a failure: 429 (rate_limit_error), 529 (overloaded_error) and 5xx are
 * retryable on the next upstream; a 400 whose message says the prompt is too long (“prompt is too
 * long: 208310 tokens > 200000 maximum”, “input length and `max_tokens` exceed context limit”) is
 * context_length_exceeded, one blocked by the content filtering policy is content_policy_violation;
 * other 4xx are final.
 */
export function failureOf(status: number, body: unknown): ProviderError {
  const error = isObject(body) && isObject(body.error) ? body.error : {};
  const type = typeof error.type === 'string' ? error.type : undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  const said = `anthropic answered ${status}${type ? ` ${type}` : ''}${message ? `: ${message.slice(0, 200)}` : ''}`;
  if (status === 400 && type === 'invalid_request_error') {
    if (/prompt is too long|exceed(s|ed)? (the )?context (limit|window)/i.test(message)) {
      return new ProviderError('status', said, status, 'context_length_exceeded');
    }
    if (/content filtering policy/i.test(message)) return new ProviderError('status', said, status, 'content_policy_violation');
  }
  return new ProviderError('status', said, status);
}

/** The HTTP status an error event mid-stream stands for (its body has no status of its own). */
export function statusOfErrorType(type: unknown): number {
  switch (type) {
    case 'overloaded_error':
      return 529;
    case 'rate_limit_error':
      return 429;
    case 'timeout_error':
      return 504;
    case 'api_error':
      return 500;
    case 'invalid_request_error':
      return 400;
    case 'authentication_error':
      return 401;
    case 'permission_error':
      return 403;
    case 'not_found_error':
      return 404;
    case 'billing_error':
      return 402;
    default:
      return 500;
  }
}
