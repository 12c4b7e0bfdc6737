import type { Dispatcher } from 'undici';
import { ProviderError, type ProviderRejection } from '../../provider.types';
import { isObject } from '../shared/json';

/**
 * OpenAI's error answers (`{ "error": { "message", "type", "param", "code" } }`) as failures
 * fallback understands: 429, 408 and 5xx are retryable (ProviderError.retryable); a 4xx whose
 * error says the input is too long or against the content policy is that rejection (our 400 of the
 * same name); any other 4xx is final (upstream_rejected).
 */

/** The most of an error body read: OpenAI's are a few hundred bytes. */
const ERROR_BODY_MAX_BYTES = 16 * 1024;
/** An error body that does not arrive within this long is left unread (a stream's body has no other bound). */
const ERROR_BODY_MAX_MS = 2000;

/** The ProviderError for a non-2xx answer; reads the body only where its error code matters. */
export async function upstreamFailure(response: Dispatcher.ResponseData): Promise<ProviderError> {
  const status = response.statusCode;
  const message = `upstream answered ${status}`;
  if (status < 400 || status >= 500 || status === 408 || status === 429) {
    await response.body.dump().catch(() => undefined);
    return new ProviderError('status', message, status);
  }
  return new ProviderError('status', message, status, rejectionOf(await readErrorBody(response.body)));
}

/**
 * Why OpenAI (or a compatible server) refused the input, when its error says so:
 * - `context_length_exceeded` (OpenAI's code; servers without the code say "maximum context length" as OpenAI's message does);
 * - `content_policy_violation` (images), `moderation_blocked` (gpt-image-1), `content_filter` (Azure OpenAI).
 */
export function rejectionOf(answer: unknown): ProviderRejection | undefined {
  const error = isObject(answer) ? answer.error : undefined;
  if (!isObject(error)) return undefined;
  const { code, message } = error;
  if (code === 'context_length_exceeded') return 'context_length_exceeded';
  if (code === 'content_policy_violation' || code === 'moderation_blocked' || code === 'content_filter') return 'content_policy_violation';
  if (typeof message === 'string' && /maximum context length/i.test(message)) return 'context_length_exceeded';
  return undefined;
}

/** The error body as JSON, bounded in size and time; undefined when it is not JSON, too large or too slow. */
async function readErrorBody(body: Dispatcher.ResponseData['body']): Promise<unknown> {
  const timer = setTimeout(() => body.destroy(), ERROR_BODY_MAX_MS);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > ERROR_BODY_MAX_BYTES) {
        body.destroy();
        return undefined;
      }
      chunks.push(chunk as Buffer);
    }
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
