import { createParser } from 'eventsource-parser';
import { readSseEvents, SseLineTooLongError, SseReader } from '../src/sse-reader.js';

const EVENTS = [
  { id: 'req_1', delta: 'Hé' },
  { id: 'req_1', delta: 'llo 🌍, ' },
  { id: 'req_1', delta: 'wörld' },
  { id: 'req_1', done: true, usage: { calls: 1, cost_usd: 0.000123 } },
];
const STREAM =
  `data: ${JSON.stringify(EVENTS[0])}\n\n` +
  ': keep-alive\n\n' +
  `data: ${JSON.stringify(EVENTS[1])}\r\n\r\n` +
  `data:${JSON.stringify(EVENTS[2])}\r\r` +
  `data: ${JSON.stringify(EVENTS[3])}\n\n` +
  'data: [DONE]\n\n' +
  'data: {"ignored":true}\n\n';
const BYTES = new TextEncoder().encode(STREAM);

function readAll(chunks: Uint8Array[]): unknown[] {
  const reader = new SseReader();
  const out: unknown[] = [];
  for (const chunk of chunks) for (const m of reader.push(chunk)) if (!m.done) out.push(m.data);
  for (const m of reader.end()) if (!m.done) out.push(m.data);
  return out;
}

describe('SseReader', () => {
  it('reads the whole stream in one chunk, skipping comments and stopping at [DONE]', () => {
    expect(readAll([BYTES])).toEqual(EVENTS);
  });

  it('gives the same events when the stream is cut at every byte boundary', () => {
    for (let cut = 1; cut < BYTES.length; cut++) {
      expect(readAll([BYTES.subarray(0, cut), BYTES.subarray(cut)])).toEqual(EVENTS);
    }
  });

  it('gives the same events fed one byte at a time (UTF-8 characters split across chunks)', () => {
    expect(readAll(Array.from(BYTES, (b) => Uint8Array.of(b)))).toEqual(EVENTS);
  });

  it('readSseEvents yields parsed events of an async body', async () => {
    async function* body() {
      for (let i = 0; i < BYTES.length; i += 7) yield BYTES.subarray(i, i + 7);
    }
    const events: unknown[] = [];
    for await (const e of readSseEvents(body())) events.push(e);
    expect(events).toEqual(EVENTS);
  });

  it('refuses a line longer than its cap, whether it is still incomplete or complete', () => {
    const reader = new SseReader({ maxLineLength: 64 });
    expect(reader.push(`data: ${JSON.stringify({ delta: 'x'.repeat(40) })}\n\n`)).toHaveLength(1);
    // A source that never sends a line break: refused once the buffered line passes the cap.
    expect(reader.push('data: "' + 'y'.repeat(40))).toEqual([]);
    expect(() => reader.push('y'.repeat(40))).toThrow(SseLineTooLongError);
    const complete = new SseReader({ maxLineLength: 64 });
    expect(() => complete.push(`data: "${'z'.repeat(100)}"\n\n`)).toThrow(SseLineTooLongError);
  });

  it('agrees with eventsource-parser on the same bytes', () => {
    const data: string[] = [];
    const parser = createParser({ onEvent: (event) => data.push(event.data) });
    for (let i = 0; i < STREAM.length; i += 5) parser.feed(STREAM.slice(i, i + 5));
    const untilDone = data.slice(0, data.indexOf('[DONE]')).map((d) => JSON.parse(d));
    expect(untilDone).toEqual(EVENTS);
  });
});
