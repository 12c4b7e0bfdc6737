import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Nest's Express adapter with an HTTP server whose requests and responses are born Express's: made
 * with the app's `request` and `response` objects as their prototypes (node:http's IncomingMessage
 * and ServerResponse options), instead of node:http's own, which Express then swaps on every request
 * (`Object.setPrototypeOf` in app.handle, and in the data plane's prepare). Swapping the prototype of
 * a live object moves it to a new hidden class: that was one of the largest allocations of a public
 * call (bench/README.md, issue 23). Express's own swap is then a no-op (the prototype is already the
 * one it sets), and nothing else changes: the objects are what Express would have made of them.
 *
 * HTTPS and Nest's forceCloseConnections keep the adapter's own server (the gateway uses neither).
 */
export class ExpressBornAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options?.httpsOptions || options?.forceCloseConnections) return super.initHttpServer(options);
    const app = this.getInstance<Express>();
    this.httpServer = createServer({ IncomingMessage: expressRequest(app), ServerResponse: expressResponse(app) }, app);
  }
}

/** A constructor node:http can make requests with: IncomingMessage's, with the app's `request` as prototype. */
function expressRequest(app: Express): typeof IncomingMessage {
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    (IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void).call(this, socket);
  }
  ExpressRequest.prototype = app.request;
  return ExpressRequest as unknown as typeof IncomingMessage;
}

/** The same for responses: ServerResponse's constructor, with the app's `response` as prototype. */
function expressResponse(app: Express): typeof ServerResponse {
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  ExpressResponse.prototype = app.response;
  return ExpressResponse as unknown as typeof ServerResponse;
}
