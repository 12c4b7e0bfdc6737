/**
 * Client side of the spec's stream format, for the SDK and for upstream streams: split on line
 * breaks (\n, \r\n, \r), keep an incomplete trailing line (and a UTF-8 character cut between
 * chunks) for the next chunk, strip `data: `, skip `:` comments and other fields, stop at [DONE].
 * A line longer than maxLineLength is refused (SseLineTooLongError), which bounds what a source
 * that never sends a line break can make it hold.
 */
export type SseMessage = { done: true } | { done: false; data: unknown };

/** Default longest line, in characters (UTF-16 code units): 1 Mi. */
export const DEFAULT_MAX_SSE_LINE_LENGTH = 1_048_576;

export class SseLineTooLongError extends Error {
  constructor(readonly maxLineLength: number) {
    super(`an event stream line is longer than ${maxLineLength} characters`);
  }
}

export interface SseReaderOptions {
  /** Longest line accepted, complete or still incomplete, in characters. */
  maxLineLength?: number;
}

export class SseReader {
  /** Only for byte input; a source that decodes itself (setEncoding) spares one converter per stream. */
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  private buffer = '';
  private pendingCr = false;
  private finished = false;
  private readonly maxLineLength: number;

  constructor(options: SseReaderOptions = {}) {
    this.maxLineLength = options.maxLineLength ?? DEFAULT_MAX_SSE_LINE_LENGTH;
  }

  /** Feed one chunk; returns the complete messages it finished. */
  push(chunk: Uint8Array | string): SseMessage[] {
    if (this.finished) return [];
    let text = typeof chunk === 'string' ? chunk : (this.decoder ??= new TextDecoder('utf-8')).decode(chunk, { stream: true });
    // A \r at the end of the previous chunk already ended its line; a \n right after it belongs to it.
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = text.endsWith('\r');
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    if (this.buffer.length > this.maxLineLength) {
      this.buffer = '';
      throw new SseLineTooLongError(this.maxLineLength);
    }
    return this.parseLines(lines);
  }

  /** End of input: a last line without a line break still counts. */
  end(): SseMessage[] {
    if (this.finished) return [];
    const rest = this.buffer + (this.decoder?.decode() ?? '');
    this.buffer = '';
    return rest ? this.parseLines([rest]) : [];
  }

  private parseLines(lines: string[]): SseMessage[] {
    const messages: SseMessage[] = [];
    for (const line of lines) {
      if (this.finished) break;
      if (line.length > this.maxLineLength) throw new SseLineTooLongError(this.maxLineLength);
      if (!line.startsWith('data:')) continue; // blank separators, `:` comments, event/id/retry fields
      const payload = line.slice(line.startsWith('data: ') ? 6 : 5);
      if (payload === '[DONE]') {
        this.finished = true;
        messages.push({ done: true });
        break;
      }
      messages.push({ done: false, data: JSON.parse(payload) });
    }
    return messages;
  }
}

/** Parsed JSON events of a stream body, until `[DONE]` or the end of the body. */
export async function* readSseEvents(body: AsyncIterable<Uint8Array | string>, options?: SseReaderOptions): AsyncGenerator<unknown> {
  const reader = new SseReader(options);
  for await (const chunk of body) {
    for (const message of reader.push(chunk)) {
      if (message.done) return;
      yield message.data;
    }
  }
  for (const message of reader.end()) {
    if (message.done) return;
    yield message.data;
  }
}
