import type { ServerResponse } from 'node:http';

const KEEP_ALIVE_LINE = ': keep-alive\n\n';
const DONE_LINE = 'data: [DONE]\n\n';

/**
 * Writes one Server-Sent Events response: `data: <JSON>` events each followed by a blank line,
 * `: keep-alive` comments while nothing else was written for keepAliveMs, and `data: [DONE]`.
 * Every write goes out at once (no compression, no proxy buffering). `event()` resolves only when
 * the socket took the bytes, so a slow client slows the producer down instead of filling memory;
 * a client that takes nothing for writeTimeoutMs is cut off (the response is destroyed, which
 * closes it: the relay sees a client that left).
 */
export class SseWriter {
  private keepAlive: NodeJS.Timeout | null = null;
  /** Armed while a write waits for drain; created on the first stall only, then re-armed (refresh). */
  private stall: NodeJS.Timeout | null = null;
  private waitingForDrain = false;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly keepAliveMs: number,
    private readonly writeTimeoutMs: number,
  ) {
    res.once('close', () => this.stopTimer());
  }

  /**
   * Sets the status and the stream's headers (beside any already set, e.g. rate-limit headers).
   * They go out with the first write, the first event or a keep-alive, in one packet: the gateway
   * opens a stream only once its first chunk is at hand, so a separate header write would only add
   * a syscall and a round of the client's parser before the first byte of content.
   */
  open(): void {
    this.res.statusCode = 200;
    this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('Connection', 'keep-alive');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.socket?.setNoDelay(true);
    this.keepAlive = setTimeout(() => this.sendKeepAlive(), this.keepAliveMs);
  }

  /** True once the client went away or the stream ended. */
  get closed(): boolean {
    return this.ended || this.res.destroyed || this.res.writableEnded;
  }

  onClose(listener: () => void): void {
    this.res.on('close', listener);
  }

  offClose(listener: () => void): void {
    this.res.off('close', listener);
  }

  /** Writes one event; resolves when the client can take more (or is gone). */
  event(payload: object): Promise<void> {
    return this.write(`data: ${JSON.stringify(payload)}\n\n`);
  }

  /**
   * Writes `data: [DONE]` and ends the response. A client that does not take those last bytes
   * either is cut off after writeTimeoutMs too: its stream slot is already free, so nothing else
   * would bound the socket it holds.
   */
  done(): void {
    if (this.closed) return;
    this.ended = true;
    this.stopTimer();
    this.res.end(DONE_LINE);
    if (this.res.writableFinished) return;
    const cutOff = setTimeout(() => this.res.destroy(), this.writeTimeoutMs).unref();
    this.res.once('finish', () => clearTimeout(cutOff));
    this.res.once('close', () => clearTimeout(cutOff));
  }

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.keepAlive?.refresh();
    if (this.res.write(text)) return Promise.resolve();
    this.armStall();
    return new Promise((resolve) => {
      const settle = () => {
        this.waitingForDrain = false;
        this.res.off('drain', settle);
        this.res.off('close', settle);
        resolve();
      };
      this.res.once('drain', settle);
      this.res.once('close', settle);
    });
  }

  /**
   * One timer per stream for stalled writes: it is left to run out after a drain (its callback
   * then does nothing) and refreshed at the next stall, rather than cleared and re-created.
   */
  private armStall(): void {
    this.waitingForDrain = true;
    if (this.stall) this.stall.refresh();
    else this.stall = setTimeout(() => this.onStall(), this.writeTimeoutMs);
  }

  private onStall(): void {
    // The client stopped reading: give its socket up ('close' settles the pending write).
    if (this.waitingForDrain && !this.closed) this.res.destroy();
  }

  private sendKeepAlive(): void {
    if (this.closed) return;
    // A client that is not reading gets no keep-alives: they would only pile up in its buffer.
    if (!this.res.writableNeedDrain) this.res.write(KEEP_ALIVE_LINE);
    this.keepAlive?.refresh();
  }

  private stopTimer(): void {
    if (this.keepAlive) clearTimeout(this.keepAlive);
    this.keepAlive = null;
    if (this.stall) clearTimeout(this.stall);
    this.stall = null;
  }
}
