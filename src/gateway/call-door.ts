import type { Response } from 'express';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import type { Usage } from '../proxy/provider.types';
import type { PublicCallRequest } from './call-context';
import type { StreamEvents } from './stream-relay';

/** The doors a public call can come through; the audit record keeps which. */
export type DoorName = 'slug' | 'openai';

/** A call's input in the slug's own shape, and the price it is billed at. */
export interface PreparedCall {
  input: Record<string, unknown>;
  pricing: Pricing;
}

/**
 * What differs between the doors of the gateway (ARCHITECTURE.md "Doors"): how a call's input is
 * read and checked, and how its answer, stream events and bill look to the caller. Keys, limits,
 * budgets, the proxy, billing and the audit record are the same call pipeline (GatewayService)
 * whichever door a call came through.
 */
export interface CallDoor {
  /** After the guards passed: the call's input in its slug's shape and its price; throws 400s. */
  prepare(req: PublicCallRequest, endpoint: CatalogEntry, bodyLimitBytes: number): Promise<PreparedCall>;
  /** Writes the whole answer of a call that was billed. */
  send(req: PublicCallRequest, res: Response, endpoint: CatalogEntry, result: unknown, usage: Usage): void;
  /** The events of a stream that opened. */
  streamEvents(req: PublicCallRequest, endpoint: CatalogEntry): StreamEvents;
}

/** res.json without Express's per-call content-type parsing: this is the hottest line of the gateway. */
export function sendJson(res: Response, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}
