import { PassThrough } from 'node:stream';
import type { Dispatcher } from 'undici';
import { SseLineTooLongError } from '../../../../sdk/src/sse-reader';
import { SSE_END, SSE_WAIT, SseBody } from '../../../../src/proxy/providers/shared/sse-body';

type Body = Dispatcher.ResponseData['body'];

/** A byte stream standing in for undici's body (a Readable whose chunks are Buffers). */
function body(): PassThrough {
  return new PassThrough();
}

/** Every event `source` gives until it has to wait, or ends (SSE_END last). */
function readAll(source: SseBody): unknown[] {
  const events: unknown[] = [];
  for (;;) {
    const event = source.read();
    if (event === SSE_WAIT) return events;
    events.push(event);
    if (event === SSE_END) return events;
  }
}

/** Resolves at the source's next wake-up (more bytes, the end or a failure). */
function nextWake(source: SseBody): Promise<void> {
  return new Promise((resolve) => source.wait(resolve));
}

describe('SseBody', () => {
  it('parses events across chunk boundaries, a UTF-8 character cut between chunks included, then waits', async () => {
    const raw = body();
    const source = new SseBody(raw as unknown as Body);
    const euro = Buffer.from('data: {"text":"€"}\r\n\r\n');
    // The three bytes of € split over two chunks, and a CRLF split too.
    const cut = euro.indexOf(0xe2) + 1;
    raw.write(euro.subarray(0, cut));
    expect(readAll(source)).toEqual([]);
    const woken = nextWake(source);
    // Up to the first \r: a CR alone ends the line, and the \n after it belongs to it.
    raw.write(euro.subarray(cut, euro.length - 3));
    await woken;
    expect(readAll(source)).toEqual([{ text: '€' }]);
    raw.write(Buffer.concat([euro.subarray(euro.length - 3), Buffer.from(': comment\n\ndata: {"n":2}\n\n')]));
    await nextWake(source);
    expect(readAll(source)).toEqual([{ n: 2 }]);
    source.release();
  });

  it('ends at [DONE], whatever follows it', async () => {
    const raw = body();
    const source = new SseBody(raw as unknown as Body);
    raw.write('data: {"n":1}\n\ndata: [DONE]\n\ndata: {"n":2}\n\n');
    await nextWake(source);
    expect(readAll(source)).toEqual([{ n: 1 }, SSE_END]);
    expect(source.read()).toBe(SSE_END);
    source.release();
  });

  it("counts a last line without a line break at the body's end, then ends", async () => {
    const raw = body();
    const source = new SseBody(raw as unknown as Body);
    raw.end('data: {"n":1}\n\ndata: {"last":true}');
    await nextWake(source);
    // The bytes first; the body's 'end' comes once they were read, and with it the last line.
    expect(readAll(source)).toEqual([{ n: 1 }]);
    await nextWake(source);
    expect(readAll(source)).toEqual([{ last: true }, SSE_END]);
    source.release();
  });

  it("throws the body's failure, and a line over the reader's bound", async () => {
    const broken = body();
    const failing = new SseBody(broken as unknown as Body);
    broken.destroy(new Error('socket hang up'));
    await nextWake(failing);
    expect(() => failing.read()).toThrow('socket hang up');
    failing.release();

    const endless = body();
    const long = new SseBody(endless as unknown as Body);
    endless.write(`data: "${'x'.repeat(1_048_576)}`);
    await nextWake(long);
    expect(() => long.read()).toThrow(SseLineTooLongError);
    long.release();
  });

  it('release() detaches its listeners, leaving the body to its caller', () => {
    const raw = body();
    const source = new SseBody(raw as unknown as Body);
    expect(raw.listenerCount('readable')).toBe(1);
    source.release();
    expect(raw.listenerCount('readable')).toBe(0);
    expect(raw.listenerCount('error')).toBe(0);
  });
});
