import { connect, Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given (no URL normalisation, any method, any request target) over a new
 * connection and reads one response. `Connection: close` is added, so the response ends with the
 * connection. For spellings fetch would never send: absolute-form targets, odd casing, raw `%2E`.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = options.body ?? '';
  const headers: Record<string, string> = { host: `${hostname}:${port}`, connection: 'close', ...options.headers };
  if (body || options.method === 'POST') headers['content-length'] = String(Buffer.byteLength(body));
  const head = [`${options.method} ${options.target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      try {
        resolve(parseRawResponse(Buffer.concat(chunks).toString('utf8'), options.method === 'HEAD'));
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** Opens a connection and sends a request without waiting for the answer; the test decides when to drop it. */
export function openRawRequest(baseUrl: string, request: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request, () => resolve(socket)));
    socket.on('error', reject);
  });
}

/** One HTTP/1.1 response as text: status, lower-case headers, body (de-chunked). */
export function parseRawResponse(text: string, isHead: boolean): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no complete response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = isHead ? '' : text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
  return { status, headers, body };
}

function dechunk(raw: string): string {
  let out = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
