import { finished } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { SseReader, type SseMessage } from '../../../../sdk/src/sse-reader';

type Body = Dispatcher.ResponseData['body'];

/** What `SseBody.read()` found: a parsed event, the end ([DONE] or the body's end), or nothing yet. */
export const SSE_END: unique symbol = Symbol('sse end');
export const SSE_WAIT: unique symbol = Symbol('sse wait');

/**
 * The parsed JSON events of an upstream's SSE body, read synchronously one at a time, without an
 * async generator or the body's own async iterator: an open stream holds this object, a reader and
 * the body's listeners, and a wait for the next bytes costs no allocation (`wait()` keeps the
 * caller's callback), not a chain of generators, each with its own queue and promises per chunk.
 * Like the body's iterator, it reads until `read()` gives nothing before it waits for `'readable'`.
 *
 * `read()` returns the next event, SSE_END, or SSE_WAIT (call `wait()`, then read again); it throws
 * what the body failed with, or the reader's SseLineTooLongError / SyntaxError. `release()` detaches
 * the listeners, leaving the body as it is (to be drained or destroyed by the caller).
 */
export class SseBody {
  private readonly reader = new SseReader();
  /**
   * Keeps a UTF-8 character cut between chunks for the next one. Node's string decoder is lighter
   * per open stream than the reader's TextDecoder (an ICU converter); the body's own setEncoding
   * does not decode (undici's body only records the encoding), so its chunks are bytes.
   */
  private readonly decoder = new StringDecoder('utf8');
  private pending: readonly SseMessage[] = NONE;
  private index = 0;
  /** The body ended (its 'end' was seen); the reader's own end is read once after its last bytes. */
  private ended = false;
  private readerEnded = false;
  /** [DONE] or the end was read: every read from now on is SSE_END. */
  private over = false;
  private _terminated = false;
  private failure: Error | null = null;
  private waiter: (() => void) | null = null;
  private readonly stopWatching: () => void;
  private readonly wake = () => {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.();
  };

  constructor(private readonly body: Body) {
    body.on('readable', this.wake);
    // As the body's own iterator: the end of the body, or its error (a destroyed body's premature close).
    this.stopWatching = finished(body, { writable: false }, (err) => {
      if (err) this.failure = err;
      else this.ended = true;
      this.wake();
    });
  }

  /** The stream ended with its `[DONE]` line, not merely by the body's end (which a cut connection also gives). */
  get terminated(): boolean {
    return this._terminated;
  }

  read(): unknown {
    for (;;) {
      if (this.over) return SSE_END;
      if (this.index < this.pending.length) {
        const message = this.pending[this.index++];
        // The batch is let go once read: an open stream waits for its next bytes holding none.
        if (this.index === this.pending.length) this.pending = NONE;
        if (!message.done) return message.data;
        this.over = this._terminated = true;
        return SSE_END;
      }
      const bytes = this.body.destroyed ? null : (this.body.read() as Buffer | null);
      if (bytes !== null) {
        this.pending = this.reader.push(this.decoder.write(bytes));
        this.index = 0;
        continue;
      }
      if (this.failure) throw this.failure;
      if (!this.ended) return SSE_WAIT;
      // The body's end: a last line without a line break still counts, then nothing more.
      if (this.readerEnded) {
        this.over = true;
        return SSE_END;
      }
      this.readerEnded = true;
      const rest = this.decoder.end();
      this.pending = rest ? [...this.reader.push(rest), ...this.reader.end()] : this.reader.end();
      this.index = 0;
    }
  }

  /** Calls `then` once the body has more to read, ended or failed. */
  wait(then: () => void): void {
    this.waiter = then;
  }

  release(): void {
    this.waiter = null;
    this.body.off('readable', this.wake);
    this.stopWatching();
  }
}

const NONE: readonly SseMessage[] = [];
