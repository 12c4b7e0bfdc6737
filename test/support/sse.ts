import { SseReader } from '../../src/streaming/sse-reader';

/** The JSON events of a whole SSE body, and whether it ended with `[DONE]`. */
export function parseEvents(raw: string): { events: any[]; done: boolean } {
  const reader = new SseReader();
  const events: any[] = [];
  let done = false;
  for (const m of [...reader.push(raw), ...reader.end()]) {
    if (m.done) done = true;
    else events.push(m.data);
  }
  return { events, done };
}
