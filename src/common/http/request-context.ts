import type { Request, Response } from 'express';
import type { Caller } from '../../keys/caller';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import type { RateLimitDecision } from '../../rate-limit/rate-limit-decision';

/**
 * What the gateway learns about one request as it passes through middleware, guards and the
 * service. The audit record is built from it when the response closes, whatever the outcome.
 */
export interface RequestContext {
  requestId: string;
  /** performance.now() at arrival, for latency. */
  startedAt: number;
  receivedAt: Date;
  /** True for /api/public/… calls: audited, rate-limit headers on every response. */
  isPublic: boolean;
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
  /** The call's work; the audit record waits for it when the client leaves before it is done. */
  settled: Promise<unknown> | null;
}

export interface GatewayRequest extends Request {
  ctx: RequestContext;
  user?: Caller;
}

export type GatewayResponse = Response;
