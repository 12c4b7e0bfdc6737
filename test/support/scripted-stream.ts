import type { ServerResponse } from 'node:http';
import { type ReceivedRequest, startUpstream, type TestUpstream } from './upstream-server';

/**
 * What the fake vendor servers (anthropic-upstream.ts, gemini-upstream.ts; openai-api.ts and
 * openai-upstream.ts in part) share: a script read from the prompt's text, the words they generate,
 * a stream of one event per word that the script can fail, cut or stall, the streams the client
 * left before their end, and waiting for the gateway to take a write or to go away.
 */

/** `key=value` pairs of a prompt: numbers (also negative or fractional: invalid reports) as numbers, the rest as strings. */
export type Script = Record<string, number | string | undefined>;

export function parseScript(text: string): Script {
  const script: Script = {};
  for (const [, key, value] of text.matchAll(/(\w+)=(\S+)/g)) script[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  return script;
}

export function num(script: Script, key: string, fallback: number): number;
export function num(script: Script, key: string): number | undefined;
export function num(script: Script, key: string, fallback?: number): number | undefined {
  const value = script[key];
  return typeof value === 'number' ? value : fallback;
}

/** A usage count as scripted: a number, or the string itself (an invalid report), or the default. */
export function count(script: Script, key: string, fallback: unknown): unknown {
  return script[key] ?? fallback;
}

/** "word0", " word1", … : each piece of text a fake server generates. */
export function words(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'word0' : ` word${i}`));
}

/** Writes and waits while the gateway does not take the bytes (backpressure), or until it went away. */
export async function writeAndDrain(res: ServerResponse, text: string): Promise<void> {
  if (res.destroyed || res.write(text)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/**
 * Resolves once what was written went out: a response's writes are corked until the next tick,
 * and destroying it before then would drop them.
 */
export function flushed(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function pause(ms: number): Promise<void> {
  // Unref: a scripted silence must not keep the test process alive after its test ended.
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Streams the client closed before the server finished them, as promises a test can wait for. */
export class Disconnects {
  private readonly waiters: Array<() => void> = [];
  private pending = 0;

  /** Call when a stream's connection closed before its end was written. */
  record(): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter();
    else this.pending++;
  }

  next(): Promise<void> {
    if (this.pending > 0) {
      this.pending--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

/** A fake vendor server whose streams a test can see the client leave. */
export interface ScriptedUpstream extends TestUpstream {
  /** Resolves when a stream's connection was closed by the client before its end. */
  nextClientDisconnect(): Promise<void>;
}

/** A fake vendor server: `handler` answers each request, and records in `disconnects` the streams the client left. */
export async function startScriptedUpstream(
  handler: (req: ReceivedRequest, res: ServerResponse, disconnects: Disconnects) => void | Promise<void>,
): Promise<ScriptedUpstream> {
  const disconnects = new Disconnects();
  const upstream = await startUpstream((req, res) => handler(req, res, disconnects));
  return { ...upstream, nextClientDisconnect: () => disconnects.next() };
}

/**
 * A 200 event stream whose close is recorded in `disconnects` unless the server finished it first
 * (`finish()`, or the script ending it): the fake writes its own events around `pieces`.
 */
export class ScriptedEventStream {
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    disconnects: Disconnects,
    headers: Record<string, string> = { 'content-type': 'text/event-stream' },
  ) {
    res.writeHead(200, headers);
    res.on('close', () => {
      if (!this.finished) disconnects.record();
    });
  }

  write(text: string): Promise<void> {
    return writeAndDrain(this.res, text);
  }

  /** From here on the server ends the stream: a close is no longer the client leaving. */
  finish(): void {
    this.finished = true;
  }

  end(): void {
    this.res.end();
  }

  /**
   * Sends `count` pieces (`send(i)`) as the script says: `interval` ms between them; at piece
   * `error_after`, `sendError()` and the end of the body; at `cut_after`, the connection dies; at
   * `stall_after`, silence with the connection open. Resolves true when every piece went out (the
   * fake then writes its end), false when the stream ended early (or the client left).
   */
  async pieces(script: Script, count: number, send: (i: number) => Promise<void>, sendError: () => Promise<void>): Promise<boolean> {
    const interval = num(script, 'interval', 0);
    for (let i = 0; i < count; i++) {
      if (this.res.destroyed) return false;
      if (i === script.error_after) {
        this.finished = true;
        await sendError();
        this.res.end();
        return false;
      }
      if (i === script.cut_after) {
        await flushed();
        this.finished = true; // its own doing, not the client's
        this.res.destroy(); // the upstream dies mid-stream
        return false;
      }
      if (i === script.stall_after) return false;
      await send(i);
      if (interval) await pause(interval);
    }
    return true;
  }
}
