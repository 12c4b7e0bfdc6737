import { sendJson } from '../gateway/call-door';
import type { TextGeneration } from '../proxy/text-generation';
import { createdOf, invalidParam, prepareOpenAiCall, type OpenAiCallRequest, type OpenAiRoute } from './openai-call';
import { openAiErrorBody } from './openai-errors';
import { chatUsageOf } from './openai-usage';
import { GatewayError } from '../common/errors/error-catalog';

/** The chat options text.generate takes under the same names (docs/api/calls.md, text.generate). */
const PASSED_AS_THEY_ARE = ['temperature', 'top_p', 'stop', 'tools', 'tool_choice', 'stream'] as const;

/**
 * POST /chat/completions on text.generate: `messages` and the options the slug takes pass as they
 * are (`max_completion_tokens`, OpenAI's newer name, becomes `max_tokens`); `n` above 1 is refused
 * (one choice per call). Options text.generate does not take (`response_format`, `seed`,
 * `logprobs`, …) are not forwarded, as on the slug door.
 */
function toSlugInput(body: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw invalidParam('messages', 'messages must be a non-empty array.');
  if (body.n !== undefined && body.n !== null && body.n !== 1)
    throw invalidParam('n', 'n must be 1: the gateway answers one choice per call.');
  const input: Record<string, unknown> = { messages: body.messages };
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens !== undefined && maxTokens !== null) input.max_tokens = maxTokens;
  for (const field of PASSED_AS_THEY_ARE) if (body[field] !== undefined) input[field] = body[field];
  return input;
}

function includeUsage(body: Record<string, unknown>): boolean {
  const options = body.stream_options;
  return typeof options === 'object' && options !== null && (options as { include_usage?: unknown }).include_usage === true;
}

export const CHAT_COMPLETIONS: OpenAiRoute = {
  operation: 'chat',
  toSlugInput,
  door: {
    prepare: prepareOpenAiCall,

    send(req, res, _endpoint, result, usage) {
      const { call } = req;
      const generation = result as TextGeneration;
      const toolCalls = generation.tool_calls;
      sendJson(res, 200, {
        id: `chatcmpl-${call.requestId}`,
        object: 'chat.completion',
        created: createdOf(req),
        model: (req as OpenAiCallRequest).openai.model.id,
        choices: [
          {
            index: 0,
            message: {
              role: 'assistant',
              // OpenAI's content is null when the model only calls tools.
              content: toolCalls && generation.text === '' ? null : generation.text,
              refusal: null,
              ...(toolCalls ? { tool_calls: toolCalls } : {}),
            },
            logprobs: null,
            finish_reason: generation.finish_reason ?? 'stop',
          },
        ],
        usage: chatUsageOf(call, usage),
      });
    },

    /**
     * OpenAI's chunks: the first delta carries the role, the last chunk the finish reason; with
     * `stream_options.include_usage`, one more chunk with empty `choices` and the usage (and cost).
     * An error after the stream began is one chunk `{ "error": … }` (the official SDKs raise it).
     */
    streamEvents(req) {
      const { call } = req;
      const { openai } = req as OpenAiCallRequest;
      const id = `chatcmpl-${call.requestId}`;
      const created = createdOf(req);
      const model = openai.model.id;
      const withUsage = includeUsage(openai.body);
      let first = true;
      return {
        chunk(delta) {
          const content = first ? { role: 'assistant', content: delta } : { content: delta };
          first = false;
          return {
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [{ index: 0, delta: content, logprobs: null, finish_reason: null }],
          };
        },
        completed(usage) {
          const last = {
            id,
            object: 'chat.completion.chunk',
            created,
            model,
            choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }],
          };
          if (!withUsage) return [last];
          return [last, { id, object: 'chat.completion.chunk', created, model, choices: [], usage: chatUsageOf(call, usage) }];
        },
        failed(code, message) {
          return [openAiErrorBody(new GatewayError(code, message), call.requestId)];
        },
      };
    },
  },
};
