import { Catch, Injectable } from '@nestjs/common';
import { errorDocsLink, type GatewayError } from '../common/errors/error-catalog';
import { PublicCallExceptionFilter } from '../gateway/public-call-exception.filter';

/**
 * OpenAI's error `type` for each status the gateway answers with: what OpenAI's own API sends for
 * the same situation, so clients that branch on it (and the official SDKs' error classes, which
 * branch on the status) behave as they do against OpenAI.
 */
function openAiErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** The request field an error is about, where the gateway knows it (`model`, `messages`, …); else null. */
function paramOf(error: GatewayError): string | null {
  const param = error.details?.param;
  return typeof param === 'string' ? param : null;
}

/** The body of an OpenAI-style error event or answer, with the gateway's stable code. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string; request_id: string; docs: string };
}

/**
 * OpenAI's error envelope `{ "error": { "message", "type", "param", "code" } }`, `code` being the
 * gateway's stable code (docs/api/errors.md), and the request id and the `docs` link as in every
 * gateway error. The official SDKs read the four fields they know and keep the object whole
 * (`APIError.error`), so the two extra fields break no client.
 */
export function openAiErrorBody(error: GatewayError, requestId: string): OpenAiErrorBody {
  return {
    error: {
      message: error.message,
      type: openAiErrorType(error.status),
      param: paramOf(error),
      code: error.code,
      request_id: requestId,
      docs: errorDocsLink(error.code),
    },
  };
}

/**
 * Errors of the OpenAI door: everything the slug door's filter does (audit, the invalid-request
 * limit, limit headers, metrics), answered in OpenAI's envelope.
 */
@Catch()
@Injectable()
export class OpenAiCallExceptionFilter extends PublicCallExceptionFilter {
  protected override errorBody(error: GatewayError, requestId: string): unknown {
    return openAiErrorBody(error, requestId);
  }
}
