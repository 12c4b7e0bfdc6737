import type { ServerResponse } from 'node:http';

const KEEP_ALIVE_LINE = ': keep-alive\n\n';
const DONE_LINE = 'data: [DONE]\n\n';

/**
 * Writes one Server-Sent Events response: `data: <JSON>` events each followed by a blank line,
 * `: keep-alive` comments while nothing else was written for keepAliveMs, and `data: [DONE]`.
 * Every write goes out at once (no compression, no proxy buffering). `event()` resolves only when
 * the socket took the bytes, so a slow client slows the producer down instead of filling memory.
 */
export class SseWriter {
  private keepAlive: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly keepAliveMs: number,
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

  /** Writes `data: [DONE]` and ends the response. */
  done(): void {
    if (this.closed) return;
    this.ended = true;
    this.stopTimer();
    this.res.end(DONE_LINE);
  }

  private write(text: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.keepAlive?.refresh();
    if (this.res.write(text)) return Promise.resolve();
    return new Promise((resolve) => {
      const settle = () => {
        this.res.off('drain', settle);
        this.res.off('close', settle);
        resolve();
      };
      this.res.once('drain', settle);
      this.res.once('close', settle);
    });
  }

  private sendKeepAlive(): void {
    if (this.closed) return;
    this.res.write(KEEP_ALIVE_LINE);
    this.keepAlive?.refresh();
  }

  private stopTimer(): void {
    if (this.keepAlive) clearTimeout(this.keepAlive);
    this.keepAlive = null;
  }
}
