import { GatewayError } from '../../../common/errors/error-catalog';
import { ProviderError, type Usage } from '../../provider.types';
import { ChatImage, ChatInput, ChatPart, ChatResult, ChatToolCall, isObject, parseJson } from '../shared/chat-input';
import { MeteredUsage, optionalCount } from '../shared/metered-usage';
import { estimateTokens, estimateTokensOfLength, validReportedQuantity } from '../shared/usage';

/**
 * Google's Gemini API (generativelanguage, v1beta: generateContent, streamGenerateContent,
 * embedContent, batchEmbedContents), as its REST reference documents it and its JS SDK
 * (@google/genai, src/types.ts) types it: the request built from the caller's input, the answer
 * read into the slug's one shape, usage into meters, errors into failures. Pure functions: the
 * HTTP is gemini.provider.ts's.
 */

/**
 * Tokens estimated for an image when the answer reports no usage: Gemini counts an image of up to
 * 384 px a side as 258 tokens and a larger one as 258 per 768 px tile; four tiles is a
 * ~1,536 px image.
 */
const IMAGE_TOKEN_ESTIMATE = 4 * 258;

/** finishReason values that mean the answer was stopped by a safety or content filter. */
const CONTENT_FILTER_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'PROHIBITED_CONTENT',
  'BLOCKLIST',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

type Content = { role: 'user' | 'model'; parts: Array<Record<string, unknown>> };

/** The generateContent request body for the caller's input (the model is in the URL). */
export function generateContentRequest(chat: ChatInput): Record<string, unknown> {
  const request: Record<string, unknown> = { contents: contentsOf(chat) };
  if (chat.system.length > 0) request.systemInstruction = { parts: chat.system.map((text) => ({ text })) };
  if (chat.tools.length > 0) {
    request.tools = [
      {
        functionDeclarations: chat.tools.map((t) => ({
          name: t.name,
          ...(t.description === undefined ? {} : { description: t.description }),
          // The caller's JSON Schema as it is (`parameters` would take only Gemini's OpenAPI subset).
          ...(t.parameters === undefined ? {} : { parametersJsonSchema: t.parameters }),
        })),
      },
    ];
  }
  const config = functionCallingConfigOf(chat);
  if (config) request.toolConfig = { functionCallingConfig: config };
  const generation: Record<string, unknown> = {};
  if (chat.maxTokens !== undefined) generation.maxOutputTokens = chat.maxTokens;
  if (chat.temperature !== undefined) generation.temperature = chat.temperature;
  if (chat.topP !== undefined) generation.topP = chat.topP;
  if (chat.stop.length > 0) generation.stopSequences = chat.stop;
  if (Object.keys(generation).length > 0) request.generationConfig = generation;
  return request;
}

/**
 * OpenAI's turns as Gemini's contents: roles user and model; tool calls are functionCall parts of
 * the model's turn, tool results functionResponse parts of a user turn, named after the call they
 * answer (Gemini matches results by name); consecutive turns of one role are one content.
 */
function contentsOf(chat: ChatInput): Content[] {
  const namesById = new Map<string, string>();
  const contents: Content[] = [];
  for (const turn of chat.turns) {
    let content: Content;
    if (turn.role === 'tool') {
      const name = namesById.get(turn.toolCallId);
      if (name === undefined) {
        const problem = `messages: the tool message with tool_call_id ${JSON.stringify(turn.toolCallId)} answers no earlier tool call`;
        throw new GatewayError('invalid_request', problem, { problems: [problem] });
      }
      content = { role: 'user', parts: [{ functionResponse: { name, response: { output: parseJson(turn.content) ?? turn.content } } }] };
    } else if (turn.role === 'assistant') {
      for (const call of turn.toolCalls) namesById.set(call.id, call.name);
      content = { role: 'model', parts: [...turn.parts.map(partOf), ...turn.toolCalls.map(functionCallOf)] };
    } else content = { role: 'user', parts: turn.parts.map(partOf) };
    const last = contents.at(-1);
    if (last?.role === content.role) last.parts.push(...content.parts);
    else contents.push(content);
  }
  return contents;
}

function partOf(part: ChatPart): Record<string, unknown> {
  return part.type === 'text' ? { text: part.text } : imagePartOf(part.image);
}

function imagePartOf(image: ChatImage): Record<string, unknown> {
  return image.source === 'base64' ? { inlineData: { mimeType: image.mediaType, data: image.data } } : { fileData: { fileUri: image.url } };
}

function functionCallOf(call: ChatToolCall): Record<string, unknown> {
  return { functionCall: { name: call.name, args: parseJson(call.arguments) } };
}

function functionCallingConfigOf(chat: ChatInput): Record<string, unknown> | undefined {
  const choice = chat.toolChoice;
  if (choice === undefined) return undefined;
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

/** finishReason → the slug's finish_reason (an answer with function calls: tool_calls). */
export function finishReasonOf(finishReason: unknown, hasToolCalls: boolean): ChatResult['finish_reason'] {
  if (hasToolCalls) return 'tool_calls';
  if (finishReason === 'STOP') return 'stop';
  if (finishReason === 'MAX_TOKENS') return 'length';
  if (typeof finishReason === 'string' && CONTENT_FILTER_REASONS.has(finishReason)) return 'content_filter';
  return null;
}

/** What one answer (or one chunk of a stream) holds: its text (thoughts left out), function calls, finishReason. */
export function candidateOf(response: unknown): { text: string; toolCalls: ChatToolCall[]; finishReason: unknown } {
  const body = isObject(response) ? response : {};
  const candidate = Array.isArray(body.candidates) && isObject(body.candidates[0]) ? body.candidates[0] : {};
  const parts = isObject(candidate.content) && Array.isArray(candidate.content.parts) ? (candidate.content.parts as unknown[]) : [];
  let text = '';
  const toolCalls: ChatToolCall[] = [];
  for (const part of parts) {
    if (!isObject(part) || part.thought === true) continue;
    if (typeof part.text === 'string') text += part.text;
    if (isObject(part.functionCall) && typeof part.functionCall.name === 'string') {
      const { id, name, args } = part.functionCall;
      toolCalls.push({ id: typeof id === 'string' && id ? id : `call_${toolCalls.length}`, name, arguments: JSON.stringify(args ?? {}) });
    }
  }
  return { text, toolCalls, finishReason: candidate.finishReason };
}

/** A whole answer as the slug's one shape; a blocked prompt is a content_policy_violation failure. */
export function resultOf(response: unknown, model: string): ChatResult {
  throwIfPromptBlocked(response);
  const { text, toolCalls, finishReason } = candidateOf(response);
  const modelVersion = isObject(response) ? response.modelVersion : undefined;
  const result: ChatResult = {
    text,
    finish_reason: finishReasonOf(finishReason, toolCalls.length > 0),
    model: typeof modelVersion === 'string' ? modelVersion : model,
  };
  if (toolCalls.length > 0) {
    result.tool_calls = toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  }
  return result;
}

/**
 * Gemini answers a prompt it refuses with 200 and `promptFeedback.blockReason` (no candidates):
 * the caller's input was refused, so the call fails with content_policy_violation (never retried
 * elsewhere: another upstream would be asked to serve what one refused).
 */
export function throwIfPromptBlocked(response: unknown): void {
  const feedback = isObject(response) && isObject(response.promptFeedback) ? response.promptFeedback : {};
  if (typeof feedback.blockReason === 'string' && feedback.blockReason !== 'BLOCKED_REASON_UNSPECIFIED') {
    throw new ProviderError('status', `gemini blocked the prompt: ${feedback.blockReason.slice(0, 60)}`, 200, 'content_policy_violation');
  }
}

export function estimatePromptTokens(chat: ChatInput): bigint {
  return BigInt(estimateTokensOfLength(chat.promptLength) + chat.images * IMAGE_TOKEN_ESTIMATE);
}

/**
 * usageMetadata as meters. promptTokenCount includes cachedContentTokenCount, and
 * toolUsePromptTokenCount (results of Gemini's own tools, billed as input) is apart from it;
 * candidatesTokenCount excludes thoughtsTokenCount. So input_tokens = prompt − cached + tool use,
 * cached_input_tokens = cached, output_tokens = candidates + thoughts. Gemini's JSON leaves out
 * counts that are 0. The input side is reported when promptTokenCount is a valid count of at least 1
 * and the others valid or absent (else the prompt is estimated); the output side when its counts
 * are valid or absent and not 0 for an answer that generated something (else estimated).
 */
export function usageOf(metadata: unknown, chat: ChatInput, generatedLength: number): Usage {
  const usage = new MeteredUsage();
  const fields = isObject(metadata) ? metadata : {};
  const prompt = validReportedQuantity(fields.promptTokenCount, 1);
  const cached = optionalCount(fields.cachedContentTokenCount);
  const toolUse = optionalCount(fields.toolUsePromptTokenCount);
  if (prompt === null || cached === null || toolUse === null || cached > prompt) {
    usage.estimate('input_tokens', estimatePromptTokens(chat), metadata ?? undefined);
  } else {
    usage.reported('input_tokens', prompt - cached + toolUse);
    if (cached > 0n) usage.reported('cached_input_tokens', cached);
  }
  const candidates = optionalCount(fields.candidatesTokenCount);
  const thoughts = optionalCount(fields.thoughtsTokenCount);
  if (candidates === null || thoughts === null || (candidates + thoughts === 0n && generatedLength > 0)) {
    const invalid = candidates === null || thoughts === null ? metadata : undefined;
    usage.estimate('output_tokens', BigInt(estimateTokensOfLength(generatedLength)), invalid);
  } else usage.reported('output_tokens', candidates + thoughts);
  return usage.usage();
}

/** Characters generated: the text and the function calls. */
export function generatedLengthOf(text: string, toolCalls: ReadonlyArray<{ name: string; arguments: string }>): number {
  return text.length + toolCalls.reduce((sum, c) => sum + c.name.length + c.arguments.length, 0);
}

/**
 * A failed answer (`{"error":{"code":400,"message":…,"status":"INVALID_ARGUMENT"}}`, sometimes
 * wrapped in an array; also sent as a stream event) as a failure: 429 (RESOURCE_EXHAUSTED) and 5xx
 * are retryable on the next upstream; a 400 saying “The input token count (…) exceeds the maximum
 * number of tokens allowed (…)” is context_length_exceeded; other 4xx are final.
 */
export function failureOf(status: number, body: unknown): ProviderError {
  const first = Array.isArray(body) ? (body[0] as unknown) : body;
  const error = isObject(first) && isObject(first.error) ? first.error : {};
  const state = typeof error.status === 'string' ? error.status : undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  const said = `gemini answered ${status}${state ? ` ${state}` : ''}${message ? `: ${message.slice(0, 200)}` : ''}`;
  if (status === 400 && /input token count.*exceeds the maximum/i.test(message)) {
    return new ProviderError('status', said, status, 'context_length_exceeded');
  }
  return new ProviderError('status', said, status);
}

/** The texts of a text.embed input: a non-empty string, or a non-empty array of them. */
export function embedInputOf(input: Record<string, unknown>): { texts: string[]; single: boolean; dimensions?: number } {
  const value = input.input;
  const dimensions = input.dimensions;
  if (
    dimensions !== undefined &&
    dimensions !== null &&
    !(typeof dimensions === 'number' && Number.isSafeInteger(dimensions) && dimensions > 0)
  ) {
    embedInvalid('dimensions must be a positive integer');
  }
  const withDimensions = typeof dimensions === 'number' ? { dimensions } : {};
  if (typeof value === 'string' && value !== '') return { texts: [value], single: true, ...withDimensions };
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && v !== '')) {
    return { texts: value as string[], single: false, ...withDimensions };
  }
  return embedInvalid('input must be a non-empty string or a non-empty array of non-empty strings');
}

function embedInvalid(problem: string): never {
  throw new GatewayError('invalid_request', problem, { problems: [problem] });
}

/** The embedding vectors of an embedContent / batchEmbedContents answer; an answer without them is invalid. */
export function embeddingsOf(response: unknown, count: number): number[][] {
  const body = isObject(response) ? response : {};
  const items =
    count === 1 && isObject(body.embedding) ? [body.embedding] : Array.isArray(body.embeddings) ? (body.embeddings as unknown[]) : [];
  const vectors = items.map((item) => (isObject(item) && Array.isArray(item.values) ? (item.values as unknown[]) : null));
  if (
    vectors.length !== count ||
    vectors.some((v) => v === null || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x)))
  ) {
    throw new ProviderError('invalid_response', `gemini answered ${vectors.length} valid embeddings for ${count} inputs`);
  }
  return vectors as number[][];
}

/**
 * Gemini's embedding API reports no token usage: input_tokens is estimated at ~4 characters per
 * token of each text (source `estimated`). A count the answer does carry (usageMetadata.promptTokenCount,
 * should Google add it) is used instead.
 */
export function embedUsageOf(response: unknown, texts: string[]): Usage {
  const metadata = isObject(response) && isObject(response.usageMetadata) ? response.usageMetadata : {};
  const reported = validReportedQuantity(metadata.promptTokenCount, 1);
  if (reported !== null) return { meters: { input_tokens: reported }, source: 'reported' };
  const estimate = texts.reduce((sum, text) => sum + estimateTokens(text), 0);
  return { meters: { input_tokens: BigInt(estimate) }, source: 'estimated' };
}
