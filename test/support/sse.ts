import { SseReader } from '../../sdk/src/sse-reader';

/**
 * An event's parsed JSON. `any` on purpose: the e2e specs assert its shape with expect(), which is
 * the runtime check (see the test override in eslint.config.mjs).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- deliberately untyped for the specs' assertions (see above)
export type SseEvent = any;

/** The JSON events of a whole SSE body, and whether it ended with `[DONE]`. */
export function parseEvents(raw: string): { events: SseEvent[]; done: boolean } {
  const reader = new SseReader();
  const events: SseEvent[] = [];
  let done = false;
  for (const m of [...reader.push(raw), ...reader.end()]) {
    if (m.done) done = true;
    else events.push(m.data);
  }
  return { events, done };
}
