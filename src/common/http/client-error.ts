import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorCode, GatewayError, errorBody } from '../errors/error-catalog';
import { REQUEST_ID_HEADER } from './request-id.middleware';

/**
 * Requests Node's HTTP parser refuses before Express sees them (a malformed request line, bad
 * framing, headers too large, a request that took too long) and CONNECT get the same JSON error
 * shape as everything else, instead of Node's bare `400 Bad Request` or a dropped connection. No
 * call reached the gateway, so there is nothing to audit.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code: ErrorCode =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'request_timeout'
          : 'invalid_request';
    answerAndClose(socket, new GatewayError(code, code === 'invalid_request' ? 'The request is not valid HTTP.' : undefined));
  });
  // CONNECT (a tunnel request, for proxies) never reaches Express; Node would drop the connection silently.
  server.on('connect', (_req: unknown, socket: Duplex) => {
    answerAndClose(
      socket,
      new GatewayError('method_not_allowed', 'CONNECT is not supported: this is not a proxy.'),
      'Allow: GET, POST\r\n',
    );
  });
}

/**
 * Writes the answer and closes the connection for good. The socket no longer belongs to the HTTP
 * server: whatever the client still sends (a body) is read and dropped, or the client's FIN would
 * never be seen and the half-open socket would hold up a graceful shutdown forever; and it is
 * destroyed once the answer is flushed, or after a few seconds if the client never reads it.
 */
function answerAndClose(socket: Duplex, error: GatewayError, extraHeaders = ''): void {
  const requestId = randomUUID();
  const payload = JSON.stringify(errorBody(error, requestId));
  socket.resume();
  const giveUp = setTimeout(() => socket.destroy(), ANSWER_FLUSH_TIMEOUT_MS).unref();
  socket.on('close', () => clearTimeout(giveUp));
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
      `${extraHeaders}${REQUEST_ID_HEADER}: ${requestId}\r\nConnection: close\r\n\r\n${payload}`,
    () => socket.destroy(),
  );
}

const ANSWER_FLUSH_TIMEOUT_MS = 5000;
