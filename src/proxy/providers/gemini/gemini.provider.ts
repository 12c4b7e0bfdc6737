import type { UpstreamTarget } from '../../../catalog/upstream';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../provider.types';
import { ChatInput, isObject, readChatInput } from '../shared/chat-input';
import { FailureOf, JsonPost, JsonUpstream } from '../shared/json-upstream';
import { joinBaseUrl, upstreamHeaders } from '../shared/upstream-http';
import type { UpstreamLimits } from '../shared/upstream-limits';
import {
  candidateOf,
  embeddingsOf,
  embedInputOf,
  embedUsageOf,
  failureOf,
  generateContentRequest,
  generatedLengthOf,
  resultOf,
  throwIfPromptBlocked,
  usageOf,
} from './gemini-content';

/**
 * The API version prefix under the upstream's base URL, unless the upstream's `path` says
 * otherwise: calls go to {base_url}{path}/models/{model}:{method}.
 */
export const GEMINI_DEFAULT_PATH = '/v1beta';
/** Where the secret goes (its own header, no scheme before it), unless the upstream says otherwise. */
export const GEMINI_AUTH = { header: 'x-goog-api-key', scheme: '' } as const;
/** The model when the operator set none on the upstream: text generation, and text.embed. */
export const GEMINI_DEFAULT_MODEL = 'gemini-2.5-flash';
export const GEMINI_DEFAULT_EMBEDDING_MODEL = 'gemini-embedding-001';

/**
 * Google's Gemini API: text generation (generateContent, streamGenerateContent with alt=sse) for
 * every text operation but embed, and text.embed (embedContent for a string, batchEmbedContents
 * for an array). The caller's input (the slug's one input) is translated by gemini-content.ts; the
 * answer comes back in the slug's one shape. Usage per meter: input tokens, cached input tokens,
 * output tokens (thoughts included).
 */
export class GeminiProvider implements Provider {
  readonly kind = 'gemini' as const;
  private readonly http: JsonUpstream;

  constructor(limits: UpstreamLimits) {
    this.http = new JsonUpstream(limits);
  }

  async call(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    if (isEmbed(req)) return this.embed(target, req);
    const chat = chatOf(req);
    const response = await this.http.call(target, req, post(target, req, 'generateContent', generateContentRequest(chat)));
    const result = resultOf(response, modelOf(target));
    const metadata = isObject(response) ? response.usageMetadata : undefined;
    return {
      result,
      usage: usageOf(
        metadata,
        chat,
        generatedLengthOf(
          result.text,
          (result.tool_calls ?? []).map((c) => c.function),
        ),
      ),
    };
  }

  /**
   * streamGenerateContent?alt=sse: each event is a whole GenerateContentResponse holding the next
   * piece of text; each carries usageMetadata so far (the last one is complete), and the last
   * carries finishReason. A prompt refused up front (promptFeedback.blockReason) fails the call
   * before anything is relayed. Resolves once the upstream answered 2xx.
   */
  async stream(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderStream> {
    if (isEmbed(req)) throw new ProviderError('invalid_response', 'gemini embeddings do not stream');
    const chat = chatOf(req);
    const events = await this.http.openStream(target, req, post(target, req, 'streamGenerateContent', generateContentRequest(chat), true));
    // Only the length of what was generated matters (the estimate): no copy of the text is kept.
    let generatedLength = 0;
    let metadata: unknown;
    async function* chunks(): AsyncGenerator<StreamChunk> {
      let finished = false;
      for await (const event of events.events()) {
        if (!isObject(event)) continue;
        if (isObject(event.error)) {
          const code = typeof event.error.code === 'number' ? event.error.code : 500;
          throw failureOf(code, event);
        }
        throwIfPromptBlocked(event);
        if (event.usageMetadata !== undefined) metadata = event.usageMetadata;
        const { text, toolCalls, finishReason } = candidateOf(event);
        generatedLength += generatedLengthOf(text, toolCalls);
        if (typeof finishReason === 'string') finished = true;
        if (text) yield { delta: text };
      }
      // No terminator in Gemini's stream: a body that ends before any finishReason was cut short.
      if (!finished) throw new ProviderError('connect', 'the gemini stream ended without a finishReason');
    }
    return { chunks: chunks(), usage: () => usageOf(metadata, chat, generatedLength) };
  }

  async close(): Promise<void> {
    await this.http.close();
  }

  private async embed(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    const { texts, single, dimensions } = embedInputOf(req.input);
    const model = target.model ?? GEMINI_DEFAULT_EMBEDDING_MODEL;
    const config = dimensions === undefined ? {} : { outputDimensionality: dimensions };
    const content = (text: string) => ({ parts: [{ text }] });
    const payload = single
      ? { content: content(texts[0]), ...config }
      : { requests: texts.map((text) => ({ model: modelResource(model), content: content(text), ...config })) };
    const response = await this.http.call(
      target,
      req,
      post(target, req, single ? 'embedContent' : 'batchEmbedContents', payload, false, model),
    );
    const vectors = embeddingsOf(response, texts.length);
    const result = single
      ? { embedding: vectors[0], dimensions: vectors[0].length, model }
      : { embeddings: vectors, dimensions: vectors[0].length, model };
    return { result, usage: embedUsageOf(response, texts) };
  }
}

function isEmbed(req: ProviderRequest): boolean {
  return req.category === 'text' && req.operation === 'embed';
}

/** The caller's input for text generation (a GatewayError for input it cannot read). */
function chatOf(req: ProviderRequest): ChatInput {
  if (req.category !== 'text') {
    // Not the caller's fault (the operator put this upstream there): the next upstream may serve it.
    throw new ProviderError('invalid_response', `gemini upstreams serve text generation and embeddings, not ${req.slug}`);
  }
  return readChatInput(req.input);
}

function post(
  target: UpstreamTarget,
  req: ProviderRequest,
  method: string,
  payload: unknown,
  stream = false,
  model = modelOf(target),
): JsonPost {
  const headers = upstreamHeaders(target, req, 'application/json', GEMINI_AUTH);
  if (stream) headers.accept = 'text/event-stream';
  const path = `${target.path || GEMINI_DEFAULT_PATH}/${modelResource(model)}:${method}${stream ? '?alt=sse' : ''}`;
  return { url: joinBaseUrl(target, path), headers, payload, failureOf: failureOf satisfies FailureOf };
}

/** `models/<model>` (or a resource name the operator gave whole, e.g. tunedModels/x), each segment URL-encoded. */
function modelResource(model: string): string {
  const name = model.includes('/') ? model : `models/${model}`;
  return name.split('/').map(encodeURIComponent).join('/');
}

/** The model the operator fixed for this upstream: never the caller's (a caller's choice could run a dearer model at the slug's price). */
function modelOf(target: UpstreamTarget): string {
  return target.model ?? GEMINI_DEFAULT_MODEL;
}
