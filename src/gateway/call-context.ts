import type { Request, Response } from 'express';
import type { Caller } from '../keys/caller';
import type { CatalogEntry } from '../catalog/catalog-entry';
import type { RateLimitDecision } from '../rate-limit/rate-limit-decision';

/**
 * What the gateway learns about one request as it passes through middleware, guards and the
 * service. The audit record is built from it when the response closes, whatever the outcome.
 */
export interface RequestContext {
  requestId: string;
  /** performance.now() at arrival, for latency. */
  startedAt: number;
  receivedAt: Date;
  /**
   * True once the request matched a public route (gateway/public-call.guard.ts): audited, rate-limit
   * headers on every response. Decided by the router, never by the URL's spelling.
   */
  isPublic: boolean;
  /** The client closed the connection before the response was complete (public calls only). */
  clientClosed: boolean;
  caller?: Caller;
  endpoint?: CatalogEntry;
  rateLimit?: RateLimitDecision;
  upstreamId: string | null;
  providersTried: number;
  quantity: bigint;
  wholesalePicoUsd: bigint;
  resalePicoUsd: bigint;
  /** How the billed quantity was obtained (reported, estimated, capped); null until billed. */
  usageSource: string | null;
  errorCode: string | null;
  streamOutcome: string | null;
  /**
   * The call's work (the handler's, or the error response's); the audit record waits for it when
   * the client leaves before it is done. Set through settleCall().
   */
  settled: Promise<unknown> | null;
  /** The audit record of a client that left while the guards were still running: written once the call settles. */
  pendingAudit: (() => void) | null;
}

export interface GatewayRequest extends Request {
  ctx: RequestContext;
  user?: Caller;
}

export type GatewayResponse = Response;

/** Records the call's remaining work; an audit record that was waiting for it is written when it ends. */
export function settleCall(ctx: RequestContext, work: Promise<unknown>): void {
  ctx.settled = work;
  const pending = ctx.pendingAudit;
  if (pending) {
    ctx.pendingAudit = null;
    work.then(pending, pending);
  }
}
