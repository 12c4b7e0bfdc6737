import { GatewayError } from '../common/errors/error-catalog';
import { sendJson } from '../gateway/call-door';
import { invalidParam, prepareOpenAiCall, type OpenAiCallRequest, type OpenAiRoute } from './openai-call';
import { embeddingUsageOf } from './openai-usage';

/** text.embed's result: one vector for a string input, a list for a list. */
interface Embedded {
  embedding?: number[];
  embeddings?: number[][];
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * POST /embeddings on text.embed: `input` (a string or a list of strings) and `dimensions` pass as
 * they are. Token-id inputs (arrays of integers) are refused: the gateway meters and forwards text.
 * `encoding_format` is `float` or `base64` (what the official SDKs ask for by default).
 */
function toSlugInput(body: Record<string, unknown>): Record<string, unknown> {
  const text = body.input;
  if (!(isText(text) || (Array.isArray(text) && text.length > 0 && text.every(isText)))) {
    throw invalidParam('input', 'input must be a non-empty string or a non-empty array of non-empty strings (token ids are not accepted).');
  }
  const format = body.encoding_format;
  if (format !== undefined && format !== null && format !== 'float' && format !== 'base64') {
    throw invalidParam('encoding_format', 'encoding_format must be "float" or "base64".');
  }
  const input: Record<string, unknown> = { input: text };
  if (body.dimensions !== undefined && body.dimensions !== null) input.dimensions = body.dimensions;
  return input;
}

/** A vector as OpenAI's base64 encoding: its float32 values, little-endian. */
function base64Of(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i], i * 4);
  return bytes.toString('base64');
}

export const EMBEDDINGS: OpenAiRoute = {
  operation: 'embeddings',
  toSlugInput,
  door: {
    prepare: prepareOpenAiCall,

    send(req, res, _endpoint, result, usage) {
      const { openai } = req as OpenAiCallRequest;
      const embedded = result as Embedded;
      const vectors = embedded.embeddings ?? (embedded.embedding ? [embedded.embedding] : []);
      const base64 = openai.body.encoding_format === 'base64';
      sendJson(res, 200, {
        object: 'list',
        data: vectors.map((vector, index) => ({ object: 'embedding', index, embedding: base64 ? base64Of(vector) : vector })),
        model: openai.model.id,
        usage: embeddingUsageOf(req.call, usage),
      });
    },

    streamEvents() {
      // prepareOpenAiCall refuses `stream` on a slug that does not stream, and this route never sets it.
      throw new GatewayError('invalid_request', 'Embeddings do not stream.');
    },
  },
};
