import { GatewayError } from '../../../common/errors/error-catalog';
import type { MeterQuantities } from '../../../catalog/meters';
import { ProviderError, type ProviderResult, type Usage } from '../../provider.types';
import { isObject } from '../shared/json';
import { printable, validReportedQuantity } from '../shared/usage';

/**
 * media.image on OpenAI's image generation (POST /v1/images/generations): `prompt`, `n` (1 to
 * 10), `size`; metered in images (how many came back). gpt-image-1 also reports tokens, recorded as
 * input_tokens and output_tokens.
 */

/** Options passed as the caller sends them when they are strings (OpenAI checks their values per model). */
const STRING_OPTIONS = ['size', 'quality', 'style', 'response_format', 'background', 'output_format', 'moderation'] as const;
const MAX_IMAGES = 10;

export interface ImageRequest {
  request: Record<string, unknown>;
  /** Images asked for: the estimate when the answer's count is unusable. */
  requested: number;
}

export function imageRequest(input: Record<string, unknown>, model: string): ImageRequest {
  const { prompt, n } = input;
  if (typeof prompt !== 'string' || prompt === '') throw invalid('prompt must be a non-empty string');
  if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_IMAGES)) {
    throw invalid(`n must be an integer from 1 to ${MAX_IMAGES}`);
  }
  const request: Record<string, unknown> = { model, prompt };
  if (n !== undefined) request.n = n;
  for (const option of STRING_OPTIONS) if (typeof input[option] === 'string') request[option] = input[option];
  return { request, requested: n ?? 1 };
}

function invalid(problem: string): GatewayError {
  return new GatewayError('invalid_request', problem, { problems: [problem] });
}

interface GeneratedImage {
  url?: string;
  b64_json?: string;
  revised_prompt?: string;
}

/** `{ prompt, images: [{ url?, b64_json?, revised_prompt? }], width, height }`; no `data` list is not an answer. */
export function imageResult(answer: unknown, input: Record<string, unknown>, requested: number): ProviderResult {
  const data = isObject(answer) ? answer.data : undefined;
  if (!Array.isArray(data)) throw new ProviderError('invalid_response', 'upstream image answer has no data');
  const images: GeneratedImage[] = [];
  for (const item of data as unknown[]) {
    if (!isObject(item)) continue;
    const image: GeneratedImage = {};
    if (typeof item.url === 'string') image.url = item.url;
    if (typeof item.b64_json === 'string') image.b64_json = item.b64_json;
    if (typeof item.revised_prompt === 'string') image.revised_prompt = item.revised_prompt;
    images.push(image);
  }
  const { size, usage } = answer as Record<string, unknown>;
  const [width, height] = dimensionsOf(size) ?? dimensionsOf(input.size) ?? [null, null];
  return { result: { prompt: input.prompt, images, width, height }, usage: imageUsage(images.length, requested, usage) };
}

/** `1024x1536` → [1024, 1536]; `auto` or anything else → null. */
function dimensionsOf(size: unknown): [number, number] | null {
  if (typeof size !== 'string') return null;
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/**
 * images = how many came back (none is no report: the images asked for are billed, estimated);
 * gpt-image-1's usage.input_tokens and output_tokens recorded when valid. Invalid token counts
 * are left out (and logged as rejected): the images are what this operation is billed by.
 */
export function imageUsage(returned: number, requested: number, report: unknown): Usage {
  const count = validReportedQuantity(returned, 1);
  const meters: MeterQuantities = { images: count ?? BigInt(requested) };
  let rejected: string | undefined;
  if (isObject(report)) {
    const inputTokens = validReportedQuantity(report.input_tokens, 0);
    const outputTokens = validReportedQuantity(report.output_tokens, 0);
    if (inputTokens !== null) meters.input_tokens = inputTokens;
    else if (report.input_tokens !== undefined) rejected = printable(report.input_tokens);
    if (outputTokens !== null) meters.output_tokens = outputTokens;
    else if (report.output_tokens !== undefined) rejected ??= printable(report.output_tokens);
  } else if (report !== undefined && report !== null) {
    rejected = printable(report);
  }
  const usage: Usage = { meters, source: count === null ? 'estimated' : 'reported' };
  if (rejected !== undefined) usage.rejected = rejected;
  return usage;
}
