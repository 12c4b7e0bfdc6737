import type { UpstreamTarget } from '../../../catalog/upstream';
import { Provider, ProviderError, ProviderRequest, ProviderResult, ProviderStream, StreamChunk } from '../../provider.types';
import { ChatInput, isObject, readChatInput } from '../shared/chat-input';
import { JsonPost, JsonUpstream } from '../shared/json-upstream';
import { MeteredUsage } from '../shared/metered-usage';
import { joinBaseUrl, upstreamHeaders } from '../shared/upstream-http';
import type { UpstreamLimits } from '../shared/upstream-limits';
import { validReportedQuantity } from '../shared/usage';
import {
  addInputUsage,
  addOutputUsage,
  ANTHROPIC_VERSION,
  estimateOutputTokens,
  failureOf,
  messagesRequest,
  resultOf,
  statusOfErrorType,
  wholeUsage,
} from './anthropic-messages';

/** Where the Messages API is, under the upstream's base URL, unless the upstream's `path` says otherwise. */
export const ANTHROPIC_DEFAULT_PATH = '/v1/messages';
/** Where the secret goes (its own header, no scheme before it), unless the upstream says otherwise. */
export const ANTHROPIC_AUTH = { header: 'x-api-key', scheme: '' } as const;
/** The model sent when the operator set none on the upstream. */
export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-5';

const INPUT_FIELDS = ['input_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'] as const;

/**
 * Anthropic's Messages API for text generation (every text operation but embed: Anthropic has no
 * embeddings). The caller's input (the slug's one input: `input` or OpenAI-format `messages`) is
 * translated by anthropic-messages.ts; the answer comes back in the slug's one shape, so an
 * anthropic upstream can stand behind an openai one. Usage is metered per meter: input tokens,
 * cache reads (cached_input_tokens), cache writes (cache_write_tokens), output tokens.
 */
export class AnthropicProvider implements Provider {
  readonly kind = 'anthropic' as const;
  private readonly http: JsonUpstream;

  constructor(limits: UpstreamLimits) {
    this.http = new JsonUpstream(limits);
  }

  async call(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderResult> {
    const chat = chatOf(req);
    const message = await this.http.call(target, req, post(target, req, chat, false));
    const result = resultOf(message, modelOf(target));
    return { result, usage: wholeUsage(message, chat, result) };
  }

  /**
   * The SSE events of a streamed Message: message_start (the input usage, and the output so far),
   * content_block_start/delta/stop (text_delta re-emitted as our chunks), message_delta (the
   * cumulative output_tokens, the stop reason), message_stop (the end), ping, and error (e.g.
   * overloaded_error mid-stream: a stream failure). Resolves once the upstream answered 2xx.
   */
  async stream(target: UpstreamTarget, req: ProviderRequest): Promise<ProviderStream> {
    const chat = chatOf(req);
    const events = await this.http.openStream(target, req, post(target, req, chat, true));
    // Only the length of what was generated matters (the estimate): no copy of the text is kept.
    let generatedLength = 0;
    let inputReport: Record<string, unknown> | undefined;
    let startOutput: unknown;
    let finalOutput: unknown;
    async function* chunks(): AsyncGenerator<StreamChunk> {
      for await (const event of events.events()) {
        if (!isObject(event)) continue;
        switch (event.type) {
          case 'message_start': {
            const usage = isObject(event.message) ? event.message.usage : undefined;
            if (isObject(usage)) {
              inputReport = { ...usage };
              startOutput = usage.output_tokens;
            }
            break;
          }
          case 'content_block_start': {
            const block = isObject(event.content_block) ? event.content_block : {};
            if (block.type === 'tool_use' && typeof block.name === 'string') generatedLength += block.name.length;
            if (block.type === 'text' && typeof block.text === 'string' && block.text) {
              generatedLength += block.text.length;
              yield { delta: block.text };
            }
            break;
          }
          case 'content_block_delta': {
            const delta = isObject(event.delta) ? event.delta : {};
            if (delta.type === 'text_delta' && typeof delta.text === 'string') {
              generatedLength += delta.text.length;
              if (delta.text) yield { delta: delta.text };
            } else {
              // Tool arguments and thinking are generated (and billed as output) but not relayed as text.
              const generated = delta.partial_json ?? delta.thinking;
              if (typeof generated === 'string') generatedLength += generated.length;
            }
            break;
          }
          case 'message_delta': {
            const usage = isObject(event.usage) ? event.usage : {};
            if (usage.output_tokens !== undefined) finalOutput = usage.output_tokens;
            // Counts here are cumulative: a non-null input count replaces message_start's.
            for (const field of INPUT_FIELDS) {
              if (usage[field] !== undefined && usage[field] !== null) (inputReport ??= {})[field] = usage[field];
            }
            break;
          }
          case 'message_stop':
            events.complete();
            return;
          case 'error': {
            const error = isObject(event.error) ? event.error : {};
            throw failureOf(statusOfErrorType(error.type), event);
          }
          default: // ping, content_block_stop, and event types added later
            break;
        }
      }
      throw new ProviderError('connect', 'the anthropic stream ended before message_stop');
    }
    return {
      chunks: chunks(),
      usage: () => {
        const usage = new MeteredUsage();
        addInputUsage(usage, inputReport, chat);
        if (finalOutput !== undefined) addOutputUsage(usage, finalOutput, generatedLength);
        else {
          // message_start's output_tokens counts only what preceded the first block: a stream cut
          // before message_delta estimates what it generated (never less than that count).
          const atStart = validReportedQuantity(startOutput) ?? 0n;
          const estimate = estimateOutputTokens(generatedLength);
          usage.estimate('output_tokens', estimate > atStart ? estimate : atStart);
        }
        return usage.usage();
      },
    };
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}

/** The caller's input; a text operation other than embed (a GatewayError for input it cannot read). */
function chatOf(req: ProviderRequest): ChatInput {
  if (req.category !== 'text' || req.operation === 'embed') {
    // Not the caller's fault (the operator put this upstream there): the next upstream may serve it.
    throw new ProviderError('invalid_response', `anthropic upstreams serve text generation, not ${req.slug}`);
  }
  return readChatInput(req.input);
}

function post(target: UpstreamTarget, req: ProviderRequest, chat: ChatInput, stream: boolean): JsonPost {
  const headers = upstreamHeaders(target, req, 'application/json', ANTHROPIC_AUTH);
  headers['anthropic-version'] = ANTHROPIC_VERSION;
  if (stream) headers.accept = 'text/event-stream';
  return {
    url: joinBaseUrl(target, target.path || ANTHROPIC_DEFAULT_PATH),
    headers,
    payload: messagesRequest(chat, modelOf(target), stream),
    failureOf,
  };
}

/** The model the operator fixed for this upstream: never the caller's (a caller's choice could run a dearer model at the slug's price). */
function modelOf(target: UpstreamTarget): string {
  return target.model ?? ANTHROPIC_DEFAULT_MODEL;
}
