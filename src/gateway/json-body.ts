import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../common/errors/error-catalog';

/**
 * Reads a public call's JSON body after authentication and rate limiting (so an anonymous client
 * cannot make the gateway buffer bodies): 415 unless the type is JSON, 413 past `limitBytes`
 * (checked on Content-Length first, then while reading), 400 unless it is one JSON object.
 */
export async function readJsonObjectBody(req: IncomingMessage, limitBytes: number): Promise<Record<string, unknown>> {
  if (!isJsonContentType(req.headers['content-type'])) throw new GatewayError('unsupported_media_type');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);

  const body = await readBody(req, limitBytes);
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new GatewayError('invalid_json', `The request body is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GatewayError('invalid_request', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** `application/json`, with or without parameters (charset=utf-8), or any `+json` type. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const type = header.split(';', 1)[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The raw body, at most limitBytes (plain events: cheaper than an async iterator per request). */
function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // A request whose connection already closed emits nothing more: waiting would never end.
    if (req.destroyed && !req.complete) {
      reject(incomplete());
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAborted);
      req.off('aborted', onAborted);
      req.off('close', onAborted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        cleanup();
        req.resume(); // discard the rest; the 413 goes out as soon as we answer
        reject(tooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    };
    // The client went away mid-body: nobody will read the answer, but it is still a client error.
    const onAborted = () => {
      cleanup();
      reject(incomplete());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAborted);
    req.on('aborted', onAborted);
    req.on('close', onAborted);
  });
}

function incomplete(): GatewayError {
  return new GatewayError('invalid_request', 'The request body was not received completely.');
}

function tooLarge(limitBytes: number): GatewayError {
  return new GatewayError('payload_too_large', `The request body is larger than ${limitBytes} bytes.`, { limit_bytes: limitBytes });
}
