import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How much of a refused request's body is still read, and for how long, before the connection is cut. */
export interface LingeringCloseBounds {
  maxBytes: number;
  maxMs: number;
}

/**
 * Marks the answer to a request whose body was not read (refused before it: a 413 over the limit, a
 * bad key, an unknown slug) `Connection: close`, and makes the close after it graceful, as nginx's
 * lingering close and Go's server do. Node would destroy the socket as soon as the answer is written; a client still sending
 * its body then gets EPIPE or a reset and never reads the answer. Instead, once the answer is written:
 * half-close (FIN after the answer), keep reading and dropping what the client sends, and destroy the
 * socket when the client closes its side, after `maxBytes` more bytes, or after `maxMs`, whichever
 * comes first. Call it before the answer is written; it costs nothing to requests that read their body.
 */
export function lingerAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, bounds: LingeringCloseBounds): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket;
  // Node's server ends a `Connection: close` answer with socket.destroySoon() (net.Socket: end, then
  // destroy once the write side finished): replacing it on this one socket is where the linger goes.
  if (typeof socket.destroySoon === 'function') socket.destroySoon = () => linger(socket, bounds);
}

/** The socket's libuv handle, internal: Node's server starts and stops its reads directly. */
interface ReadableHandle {
  reading: boolean;
  readStart(): number;
}

function linger(socket: Socket, bounds: LingeringCloseBounds): void {
  // Take the socket from the HTTP server: its parser must not run a request pipelined after the body,
  // and the bytes must reach this code to be counted. The server's parser reads the socket's handle
  // itself; adding a 'data' listener makes Node's server give the handle back (as for an upgrade),
  // once its own 'data' listener is gone.
  socket.removeAllListeners('data');
  let read = 0;
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > bounds.maxBytes) socket.destroy();
  });
  const cutOff = setTimeout(() => socket.destroy(), bounds.maxMs).unref();
  socket.once('close', () => clearTimeout(cutOff));
  // The client closed its side: it has sent everything and read (or dropped) the answer.
  socket.once('end', () => socket.destroy());
  socket.end();
  socket.resume();
  // The server stopped the handle's reads when the unread body filled the request's buffer; the
  // stream does not know (it still counts a read in progress), so restart them as Node's server does.
  const handle = (socket as Socket & { _handle?: ReadableHandle | null })._handle;
  if (handle && !handle.reading) {
    handle.reading = true;
    handle.readStart();
  }
}
