import { GatewayError } from '../../../common/errors/error-catalog';
import { ProviderError, type ProviderResult } from '../../provider.types';
import { isObject } from '../shared/json';
import { estimatedUsage, estimateTokensOfLength, reportedUsage } from '../shared/usage';

/**
 * text.embed on OpenAI's embeddings (POST /v1/embeddings): `input` a string (one vector back) or
 * an array of strings (one vector each, in order); metered in input_tokens from usage.prompt_tokens.
 */

export function embeddingsRequest(input: Record<string, unknown>, model: string): Record<string, unknown> {
  const text = input.input;
  const valid =
    (typeof text === 'string' && text !== '') ||
    (Array.isArray(text) && text.length > 0 && text.every((item) => typeof item === 'string' && item !== ''));
  if (!valid) {
    const problem = 'input must be a non-empty string or a non-empty array of non-empty strings';
    throw new GatewayError('invalid_request', problem, { problems: [problem] });
  }
  // Floats always: base64 would change the result's shape.
  const request: Record<string, unknown> = { model, input: text, encoding_format: 'float' };
  const dimensions = input.dimensions;
  if (typeof dimensions === 'number' && Number.isSafeInteger(dimensions) && dimensions > 0) request.dimensions = dimensions;
  return request;
}

/**
 * `{ embedding, dimensions, model }` for a string, `{ embeddings, dimensions, model }` for an array.
 * An answer without one vector per input is not an answer (invalid_response).
 */
export function embeddingsResult(answer: unknown, input: Record<string, unknown>, upstreamModel: string): ProviderResult {
  const data = isObject(answer) ? answer.data : undefined;
  const texts = Array.isArray(input.input) ? (input.input as string[]) : null;
  const expected = texts ? texts.length : 1;
  if (!Array.isArray(data) || data.length !== expected) {
    throw new ProviderError('invalid_response', `upstream embeddings answer does not hold ${expected} vector(s)`);
  }
  const vectors: unknown[][] = new Array<unknown[]>(expected);
  for (let i = 0; i < data.length; i++) {
    const item: unknown = data[i];
    if (!isObject(item) || !Array.isArray(item.embedding))
      throw new ProviderError('invalid_response', 'upstream embedding is not a vector');
    // Placed by its `index` when it has a valid one (OpenAI's order is the input's, but says so).
    const at = typeof item.index === 'number' && Number.isInteger(item.index) && item.index >= 0 && item.index < expected ? item.index : i;
    vectors[at] = item.embedding as unknown[];
  }
  if (vectors.includes(undefined as never)) throw new ProviderError('invalid_response', 'upstream embeddings repeat an index');
  const { model, usage } = answer as Record<string, unknown>;
  const name = typeof model === 'string' ? model : upstreamModel;
  const dimensions = vectors[0].length;
  const result = texts ? { embeddings: vectors, dimensions, model: name } : { embedding: vectors[0], dimensions, model: name };
  const report = isObject(usage) ? (usage.prompt_tokens ?? usage.total_tokens) : usage;
  return {
    result,
    usage:
      reportedUsage('input_tokens', report) ??
      estimatedUsage('input_tokens', report, BigInt(estimateTokensOfLength(inputLength(input.input)))),
  };
}

function inputLength(text: unknown): number {
  if (typeof text === 'string') return text.length;
  let length = 0;
  for (const item of text as string[]) length += item.length;
  return length;
}
