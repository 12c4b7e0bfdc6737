import { GatewayError } from '../common/errors/error-catalog';
import { sendJson } from '../gateway/call-door';
import { createdOf, invalidParam, prepareOpenAiCall, type OpenAiRoute } from './openai-call';
import { imageUsageOf } from './openai-usage';

/** The image options media.image takes under OpenAI's own names (docs/concepts/provider-kinds.md, "The `openai` kind"). */
const PASSED_AS_THEY_ARE = ['size', 'quality', 'style', 'response_format', 'background', 'output_format', 'moderation'] as const;

/** media.image's result, whatever kind served it (the simulator's also has `url`, its one image). */
interface GeneratedImages {
  images?: Array<{ url?: unknown; b64_json?: unknown; revised_prompt?: unknown }>;
  width?: unknown;
  height?: unknown;
}

/**
 * POST /images/generations on media.image: `prompt`, `n` and the options the slug takes pass as
 * they are (the slug's provider checks their values: `n` from 1 to 10 on the openai kind; the
 * simulator draws one image whatever they say). `user` and `output_compression` are not
 * forwarded (the slug does not take them); `stream` (partial images) is refused.
 */
function toSlugInput(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body.prompt !== 'string' || body.prompt === '') throw invalidParam('prompt', 'prompt must be a non-empty string.');
  if (body.stream === true) throw invalidParam('stream', 'Image generation does not stream here; omit "stream".');
  const input: Record<string, unknown> = { prompt: body.prompt };
  if (body.n !== undefined && body.n !== null) input.n = body.n;
  for (const option of PASSED_AS_THEY_ARE) if (typeof body[option] === 'string') input[option] = body[option];
  return input;
}

/** Each image as OpenAI's `data` item: the fields the slug's result holds, nothing else. */
function imageData(image: NonNullable<GeneratedImages['images']>[number]): Record<string, string> {
  const item: Record<string, string> = {};
  if (typeof image.url === 'string') item.url = image.url;
  if (typeof image.b64_json === 'string') item.b64_json = image.b64_json;
  if (typeof image.revised_prompt === 'string') item.revised_prompt = image.revised_prompt;
  return item;
}

export const IMAGE_GENERATIONS: OpenAiRoute = {
  operation: 'images',
  toSlugInput,
  door: {
    prepare: prepareOpenAiCall,

    /** OpenAI's ImagesResponse: `created`, `data`, `size` when the result knows both sides, `usage` with the cost. */
    send(req, res, _endpoint, result, usage) {
      const generated = result as GeneratedImages;
      const { width, height } = generated;
      sendJson(res, 200, {
        created: createdOf(req),
        data: (generated.images ?? []).map(imageData),
        ...(typeof width === 'number' && typeof height === 'number' ? { size: `${width}x${height}` } : {}),
        usage: imageUsageOf(req.call, usage),
      });
    },

    streamEvents() {
      // toSlugInput refuses `stream`, and media.image's input never carries it.
      throw new GatewayError('invalid_request', 'Image generation does not stream.');
    },
  },
};
