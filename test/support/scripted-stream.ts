import type { ServerResponse } from 'node:http';

/**
 * What the fake vendor servers (anthropic-upstream.ts, gemini-upstream.ts) share: a script read
 * from the prompt's text, the words they generate, and waiting for the gateway to take a write or
 * to go away.
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
