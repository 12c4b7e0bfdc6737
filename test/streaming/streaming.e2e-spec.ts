import { createParser } from 'eventsource-parser';
import { usdToPicoUsd } from '../../src/common/money/money';
import { GatewayHarness } from '../support/gateway-harness';
import { OpenAiUpstream, startOpenAiUpstream } from '../support/openai-upstream';
import { closedPortUrl } from '../support/upstream-server';
import { parseEvents } from '../support/sse';

const IDLE_TIMEOUT_MS = 600;

/** Reads a whole SSE response as raw text. */
async function readText(res: Response): Promise<string> {
  return res.text();
}

/** Data events of a stream body (without [DONE]); `done` says whether [DONE] was seen. */
describe('SSE streaming', () => {
  let gw: GatewayHarness;
  let upstream: OpenAiUpstream;
  let key: string;
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      STREAM_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      STREAM_KEEPALIVE_MS: '40',
      SIMULATOR_CHUNK_INTERVAL_MS: '0',
    });
    upstream = await startOpenAiUpstream();
    ({ key } = await gw.createTenantWithKey());
    ({ slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      wholesalePicoUsdPerUnit: 2_000_000_000n,
      resalePicoUsdPerUnit: 3_000_000_000n,
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: upstream.url, timeoutMs: 2000 }],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const stream = (input: string, target = slug, signal?: AbortSignal) =>
    fetch(`${gw.url}/api/public/v1/${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input, stream: true }),
      signal,
    });

  it('streams text.generate from the simulator in the exact wire format, with the usual headers', async () => {
    const res = await stream('Tell me a story', 'text.generate');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const requestId = res.headers.get('x-service-request-id')!;
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/Z$/);
    const raw = await readText(res);
    // Every data line is followed by a blank line; the stream ends with the literal [DONE].
    expect(raw.endsWith('data: [DONE]\n\n')).toBe(true);
    for (const block of raw.split('\n\n').filter(Boolean)) expect(block).toMatch(/^(data: .+|: keep-alive)$/);
    const { events, done } = parseEvents(raw);
    expect(done).toBe(true);
    const final = events.at(-1);
    expect(final).toEqual({
      id: `req_${requestId}`,
      done: true,
      usage: { calls: 1, cost_usd: expect.any(Number), meters: expect.any(Array) },
    });
    // The simulator's meters: the prompt's tokens and the output's, their costs summing to cost_usd.
    expect(final.usage.meters.map((m: { meter: string }) => m.meter)).toEqual(['input_tokens', 'output_tokens']);
    const deltas = events.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(3);
    for (const e of deltas) expect(Object.keys(e).sort()).toEqual(['delta', 'id']);
    expect(deltas.every((e) => e.id === `req_${requestId}`)).toBe(true);

    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'completed' });
    expect(record!.resalePicoUsd).toBeGreaterThan(0n);
    expect(usdToPicoUsd(final.usage.cost_usd)).toBe(record!.resalePicoUsd);
  });

  it('re-emits an OpenAI-compatible stream and bills the upstream-reported usage', async () => {
    const res = await stream('chunks=4 usage=1500');
    const requestId = res.headers.get('x-service-request-id')!;
    const { events, done } = parseEvents(await readText(res));
    expect(done).toBe(true);
    expect(
      events
        .slice(0, -1)
        .map((e) => e.delta)
        .join(''),
    ).toBe('word0 word1 word2 word3');
    expect(events.at(-1).usage).toEqual({
      calls: 1,
      cost_usd: 0.0045, // 1.5 × $0.003
      meters: [{ meter: 'tokens', quantity: 1500, units: 1.5, billed_usd: 0.0045 }],
    });
    expect(await gw.auditRecord(requestId)).toMatchObject({
      quantity: 1500n,
      resalePicoUsd: 4_500_000_000n,
      wholesalePicoUsd: 3_000_000_000n,
      usageSource: 'reported',
      streamOutcome: 'completed',
    });
  });

  it('a completed stream hands its upstream connection back for the next call (keep-alive)', async () => {
    const own = await startOpenAiUpstream();
    try {
      const { slug: ownSlug } = await gw.createEndpoint({
        category: 'text',
        streamable: true,
        upstreams: [{ kind: 'openai', baseUrl: own.url, timeoutMs: 2000 }],
      });
      for (let i = 0; i < 3; i++) {
        // The upstream ends its body a moment after [DONE]: the gateway must read up to that end
        // rather than drop the connection when it sees [DONE].
        const { done } = parseEvents(await readText(await stream('chunks=3 end_after_done=50', ownSlug)));
        expect(done).toBe(true);
        await own.waitForCompletedStreams(i + 1);
      }
      expect(own.received).toHaveLength(3);
      expect(own.connections()).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('is readable by eventsource-parser', async () => {
    const raw = await readText(await stream('chunks=3'));
    const data: string[] = [];
    const parser = createParser({ onEvent: (e) => data.push(e.data) });
    parser.feed(raw);
    expect(data.at(-1)).toBe('[DONE]');
    expect(JSON.parse(data.at(-2)!)).toMatchObject({ done: true });
  });

  it('falls back before the first chunk; an error before it is a plain JSON error, unbilled', async () => {
    const { slug: withFallback, upstreamIds } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [
        { kind: 'openai', baseUrl: await closedPortUrl() },
        { kind: 'openai', baseUrl: upstream.url },
      ],
    });
    const ok = await stream('chunks=2', withFallback);
    expect(ok.status).toBe(200);
    const okId = ok.headers.get('x-service-request-id')!;
    await readText(ok);
    expect(await gw.auditRecord(okId)).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2 });

    const failing = await stream('status=503', slug);
    expect(failing.status).toBe(502);
    expect(failing.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await failing.json()) as any;
    expect(body.error.code).toBe('upstream_unavailable');
    expect(failing.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect(await gw.auditRecord(body.error.request_id)).toMatchObject({ httpStatus: 502, resalePicoUsd: 0n, streamOutcome: null });
  });

  it('no first chunk within the idle timeout: JSON 504 stream_timeout', async () => {
    const res = await stream('silent_first=5000');
    expect(res.status).toBe(504);
    expect(((await res.json()) as any).error.code).toBe('stream_timeout');
    await upstream.nextClientDisconnect();
  });

  it('an error mid-stream sends an error event with done:true, then [DONE]; the partial output is billed', async () => {
    const res = await stream('chunks=6 fail_after=3 interval=10');
    const requestId = res.headers.get('x-service-request-id')!;
    const { events, done } = parseEvents(await readText(res));
    expect(done).toBe(true);
    expect(events.slice(0, -1).map((e) => e.delta)).toEqual(['word0', ' word1', ' word2']);
    const last = events.at(-1);
    expect(last).toEqual({
      id: `req_${requestId}`,
      error: { code: 'upstream_unavailable', message: expect.any(String) },
      done: true,
      usage: { calls: 1, cost_usd: expect.any(Number), meters: expect.any(Array) },
    });
    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'errored', errorCode: 'upstream_unavailable' });
    expect(record!.resalePicoUsd).toBeGreaterThan(0n);
    expect(usdToPicoUsd(last.usage.cost_usd)).toBe(record!.resalePicoUsd);
  });

  it('no chunk for the idle timeout mid-stream: stream_timeout event, keep-alives meanwhile, upstream closed', async () => {
    const res = await stream('chunks=5 stall_after=2');
    const requestId = res.headers.get('x-service-request-id')!;
    const raw = await readText(res);
    expect(raw).toContain(': keep-alive\n\n');
    const { events, done } = parseEvents(raw);
    expect(done).toBe(true);
    expect(events.at(-1)).toMatchObject({ error: { code: 'stream_timeout' }, done: true });
    await upstream.nextClientDisconnect();
    expect(await gw.auditRecord(requestId)).toMatchObject({ streamOutcome: 'timed_out', errorCode: 'stream_timeout' });
  });

  it('a client abort cancels the upstream at once and bills only what was generated', async () => {
    const controller = new AbortController();
    const res = await stream('chunks=200 interval=20', slug, controller.signal);
    const requestId = res.headers.get('x-service-request-id')!;
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes(' word2')) seen += new TextDecoder().decode((await reader.read()).value);
    const disconnected = upstream.nextClientDisconnect();
    controller.abort();
    await disconnected;
    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'aborted' });
    // Billed: the prompt and the few words generated, far below the 200 the stream would have had.
    expect(record!.quantity).toBeGreaterThan(0n);
    expect(record!.quantity).toBeLessThan(100n);
  });

  it('stream defaults to false; GET accepts stream=true', async () => {
    const plain = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'chunks=2' }),
    });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await plain.json()) as any).result.text).toBe('word0 word1');
    const viaGet = await fetch(`${gw.url}/api/public/v1/${slug}?input=chunks%3D2&stream=true`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(viaGet.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(parseEvents(await readText(viaGet)).done).toBe(true);
    // text.generate validates its body: the query's stream=true is the same boolean there.
    const generate = await fetch(`${gw.url}/api/public/v1/text.generate?input=hello&stream=true`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(generate.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(parseEvents(await readText(generate)).done).toBe(true);
  });
});
