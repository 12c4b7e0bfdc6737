import type { IncomingMessage } from 'node:http';
import { GatewayError } from '../errors/error-catalog';

/**
 * Bounds on the shape of any JSON input, checked before anything else looks at it. The byte limit
 * alone does not bound the work: within 1 MiB a body can nest 500,000 levels deep (JSON.parse
 * takes ~180 ms on it, and every recursive consumer after it overflows the stack) or carry 100,000
 * keys (~100 ms to parse, and class-transformer's conversion of them grows quadratically).
 */
export interface JsonBounds {
  /** Nesting levels of objects and arrays; the body object itself is level 1. */
  maxDepth: number;
  /** Object members plus array items, counted over the whole value. */
  maxNodes: number;
}

/** Public calls: far above any slug's real input, far below what could stall the process. */
export const PUBLIC_JSON_BOUNDS: JsonBounds = { maxDepth: 32, maxNodes: 10_000 };

/**
 * Reads a public call's JSON body after authentication (so an anonymous client cannot make the
 * gateway buffer bodies) and, unless the caller has budgets (its hold is sized from the input),
 * after rate limiting: 415 unless the type is JSON, 413 past `limitBytes`
 * (checked on Content-Length first, then while reading), 400 unless it is one JSON object within
 * `bounds` and free of NUL characters.
 */
export async function readJsonObjectBody(
  req: IncomingMessage,
  limitBytes: number,
  bounds: JsonBounds = PUBLIC_JSON_BOUNDS,
): Promise<Record<string, unknown>> {
  if (!isJsonContentType(req.headers['content-type'])) throw new GatewayError('unsupported_media_type');
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);

  const body = await readBody(req, limitBytes);
  if (body.length === 0) return {};
  // Before JSON.parse: a scan of the bytes is linear and cheap (2-3 ms per MiB), parsing a hostile
  // shape is not, and every later consumer (validation, providers) may then trust the bounds.
  checkJsonText(body, bounds);
  const large = body.length > YIELD_ABOVE_BYTES;
  if (large) await yieldToEventLoop();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new GatewayError('invalid_json', `The request body is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new GatewayError('invalid_request', 'The request body must be a JSON object.');
  }
  if (large) await yieldToEventLoop();
  return parsed as Record<string, unknown>;
}

/**
 * Past this size, scanning, parsing and then using a body (validation, the provider's call) each
 * take milliseconds; a turn of the event loop between them lets other requests and /healthz in
 * instead of one body holding the process for all three. Smaller bodies, nearly every call, pay
 * nothing.
 */
const YIELD_ABOVE_BYTES = 64 * 1024;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const LOWER_U = 0x75;
const ZERO = 0x30;

/**
 * Enforces `bounds` and the NUL rule on JSON text without parsing it: one pass over the bytes,
 * skipping strings. For valid JSON the counts are exact (a container's items are its commas plus
 * one when it is not empty); invalid JSON that passes is left to JSON.parse to reject. A NUL can
 * only be written `\u0000` in valid JSON (raw control characters are not allowed in strings).
 */
export function checkJsonText(text: Uint8Array, bounds: JsonBounds): void {
  const length = text.length;
  let depth = 0;
  let nodes = 0;
  let justOpened = false;
  for (let i = 0; i < length; i++) {
    const c = text[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    if (justOpened) {
      justOpened = false;
      if (c !== CLOSE_BRACE && c !== CLOSE_BRACKET && ++nodes > bounds.maxNodes) throw tooManyNodes(bounds);
    }
    if (c === QUOTE) {
      for (i++; i < length; i++) {
        const s = text[i];
        if (s === QUOTE) break;
        if (s === BACKSLASH) {
          i++;
          if (text[i] === LOWER_U && text[i + 1] === ZERO && text[i + 2] === ZERO && text[i + 3] === ZERO && text[i + 4] === ZERO) {
            throw nulCharacter();
          }
        }
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > bounds.maxDepth) throw tooDeep(bounds);
      justOpened = true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === COMMA) {
      if (++nodes > bounds.maxNodes) throw tooManyNodes(bounds);
    }
  }
}

/**
 * The same rules on a value that is already parsed (the query string of a GET call), walked with
 * an explicit stack so that no input can overflow the call stack.
 */
export function checkJsonValue(value: unknown, bounds: JsonBounds): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) throw nulCharacter();
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > bounds.maxDepth) throw tooDeep(bounds);
    const keys = Array.isArray(current) ? null : Object.keys(current);
    nodes += keys ? keys.length : (current as unknown[]).length;
    if (nodes > bounds.maxNodes) throw tooManyNodes(bounds);
    if (keys) {
      for (const key of keys) {
        if (key.includes('\0')) throw nulCharacter();
        stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
      }
    } else {
      for (const item of current as unknown[]) stack.push({ value: item, depth: depth + 1 });
    }
  }
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

function tooDeep(bounds: JsonBounds): GatewayError {
  return new GatewayError('invalid_request', `The input nests objects and arrays more than ${bounds.maxDepth} levels deep.`, {
    limit: 'depth',
    max_depth: bounds.maxDepth,
  });
}

function tooManyNodes(bounds: JsonBounds): GatewayError {
  return new GatewayError('invalid_request', `The input has more than ${bounds.maxNodes} object members and array items in all.`, {
    limit: 'nodes',
    max_nodes: bounds.maxNodes,
  });
}

function nulCharacter(): GatewayError {
  return new GatewayError('invalid_request', 'Strings in the input must not contain the NUL character (\\u0000).', {
    limit: 'nul_character',
  });
}
