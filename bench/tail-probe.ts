/**
 * Loaded into the gateway by `npm run bench:tail` (node --require): times the phases of each public
 * call at one connection (one call at a time, so "the current call" is unambiguous) and writes them
 * to TAIL_PROBE_OUT when the process is stopped. Phases: arrival → the limit script sent to Redis
 * (own work), → its reply (waiting on Redis), → the upstream request created (own work), → the
 * upstream's headers (waiting on the upstream), → the response finished (own work); and every
 * garbage collection of the process.
 */
import { subscribe } from 'node:diagnostics_channel';
import { writeFileSync } from 'node:fs';
import { Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import Redis from 'ioredis';

export interface ProbedCall {
  /** performance.now() at arrival. */
  startedAt: number;
  /** Milliseconds since arrival at which each mark was reached. */
  marks: [string, number][];
  totalMs: number;
}

/** What TAIL_PROBE_OUT holds: the calls, and every garbage collection as [performance.now() at its start, ms]. */
export interface TailProbe {
  calls: ProbedCall[];
  collections: [number, number][];
}

const out = process.env.TAIL_PROBE_OUT;
if (out) {
  const probe: TailProbe = { calls: [], collections: [] };
  let current: ProbedCall | null = null;
  const mark = (name: string) => current?.marks.push([name, performance.now() - current.startedAt]);

  // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped below and called with its own `this`
  const emit = Server.prototype.emit as (this: Server, event: string, ...args: unknown[]) => boolean;
  Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
    const [req, res] = args as [IncomingMessage, ServerResponse];
    if (event === 'request' && req.url?.startsWith('/api/public/')) {
      const call: ProbedCall = { startedAt: performance.now(), marks: [], totalMs: 0 };
      current = call;
      res.once('finish', () => {
        call.totalMs = performance.now() - call.startedAt;
        probe.calls.push(call);
      });
    }
    return emit.call(this, event, ...args);
  } as Server['emit'];

  // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped below and called with its own `this`
  const sendCommand = Redis.prototype.sendCommand as (this: Redis, ...args: unknown[]) => unknown;
  Redis.prototype.sendCommand = function (this: Redis, ...args: unknown[]) {
    const command = args[0] as Parameters<Redis['sendCommand']>[0];
    if (command.name === 'evalsha') {
      mark('redis sent');
      command.promise.then(
        () => mark('redis replied'),
        () => undefined,
      );
    }
    return sendCommand.apply(this, args);
  };
  subscribe('undici:request:create', () => mark('upstream sent'));
  subscribe('undici:request:headers', () => mark('upstream answered'));
  // Entries arrive after the fact: matched to the calls by time in bench/tail.ts.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.collections.push([entry.startTime, entry.duration]);
  }).observe({ entryTypes: ['gc'] });

  process.prependListener('SIGTERM', () => writeFileSync(out, JSON.stringify(probe)));
}
