import { Disconnects, flushed, pause, writeAndDrain } from './scripted-stream';
import { sendJson, startUpstream, TestUpstream } from './upstream-server';

/**
 * A fake OpenAI-compatible chat-completions server (real HTTP on 127.0.0.1). The user message is a
 * script: `chunks=N interval=MS fail_after=K stall_after=K usage=T status=S silent_first=MS
 * end_after_done=MS size=C long_line=C` (end_after_done: how long after `data: [DONE]` the body
 * ends; real servers end it in a later write, as this one does by default. size: each word padded
 * to C characters. long_line: at chunk long_line_at (default 0) sends one line of C characters
 * that never ends, then goes silent). Streams respect backpressure: a write the gateway does not take waits for drain.
 */
export interface OpenAiUpstream extends TestUpstream {
  /** Resolves when a streaming response's connection was closed before it finished. */
  nextClientDisconnect(): Promise<void>;
  /** Resolves once this many streams that reached [DONE] are closed (their end sent, or dropped by the client). */
  waitForCompletedStreams(count: number): Promise<void>;
}

export async function startOpenAiUpstream(): Promise<OpenAiUpstream> {
  const disconnects = new Disconnects();
  let completedStreams = 0;
  const completionWaiters: Array<{ count: number; resolve: () => void }> = [];
  const upstream = await startUpstream(async (req, res) => {
    const body = JSON.parse(req.body) as { stream?: boolean; messages: Array<{ content: string }> };
    const script = parseScript(body.messages[0]?.content ?? '');
    if (script.status) return sendJson(res, script.status, { error: { message: 'scripted failure' } });
    if (!body.stream) {
      return sendJson(res, 200, {
        model: 'fake',
        choices: [{ message: { role: 'assistant', content: words(script.chunks, script.size).join('') }, finish_reason: 'stop' }],
        usage: script.usage ? { total_tokens: script.usage } : undefined,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    let finished = false;
    res.on('close', () => {
      if (!finished) disconnects.record();
    });
    if (script.silent_first) await pause(script.silent_first);
    const parts = words(script.chunks, script.size);
    for (let i = 0; i < parts.length; i++) {
      if (res.destroyed) return;
      if (script.fail_after !== undefined && i === script.fail_after) {
        res.destroy(); // the upstream dies mid-stream
        return;
      }
      if (script.stall_after !== undefined && i === script.stall_after) return; // goes silent, connection open
      if (script.long_line && i === (script.long_line_at ?? 0)) {
        res.write(`data: {"choices":[{"index":0,"delta":{"content":"${'x'.repeat(script.long_line)}`);
        return; // no line break, ever
      }
      await writeAndDrain(res, event({ choices: [{ index: 0, delta: { content: parts[i] } }] }));
      if (script.interval) await pause(script.interval);
    }
    if (script.usage)
      res.write(event({ choices: [], usage: { prompt_tokens: 1, completion_tokens: script.usage - 1, total_tokens: script.usage } }));
    finished = true;
    // As real servers do: [DONE], then the end of the chunked body in a later write.
    res.write('data: [DONE]\n\n');
    if (script.end_after_done) await pause(script.end_after_done);
    else await flushed();
    // Done when the response is closed: after its end was sent, or when the client dropped it first.
    res.once('close', () => {
      completedStreams++;
      for (const w of completionWaiters.filter((w) => completedStreams >= w.count)) w.resolve();
    });
    res.end();
  });
  return {
    ...upstream,
    nextClientDisconnect: () => disconnects.next(),
    waitForCompletedStreams: (count) =>
      completedStreams >= count ? Promise.resolve() : new Promise((resolve) => completionWaiters.push({ count, resolve })),
  };
}

function parseScript(text: string): Record<string, number | undefined> & { chunks: number } {
  const script: Record<string, number> = { chunks: 5 };
  for (const [, key, value] of text.matchAll(/(\w+)=(\d+)/g)) script[key] = Number(value);
  return script as Record<string, number | undefined> & { chunks: number };
}

function words(count: number, size = 0): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'word0' : ` word${i}`).padEnd(size, '.'));
}

function event(payload: object): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}
