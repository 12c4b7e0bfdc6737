import { usdToPicoUsd } from '../../src/common/money/money';
import { connect, Socket } from 'node:net';
import { StreamSlots } from '../../src/streaming/stream-slots';
import { GatewayHarness } from '../support/gateway-harness';
import { OpenAiUpstream, startOpenAiUpstream } from '../support/openai-upstream';
import { waitFor } from '../support/wait-for';
import { parseEvents } from '../support/sse';

/** Data events of a stream body (without [DONE]); `done` says whether [DONE] was seen. */
describe('stream limits', () => {
  let gw: GatewayHarness;
  let upstream: OpenAiUpstream;
  let slug: string;
  let slots: StreamSlots;

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      STREAM_WRITE_TIMEOUT_MS: '300',
      STREAM_MAX_CONCURRENT_PER_KEY: '2',
      STREAM_MAX_CONCURRENT: '3',
      STREAM_KEEPALIVE_MS: '50',
    });
    slots = gw.app.get(StreamSlots);
    upstream = await startOpenAiUpstream();
    ({ slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: upstream.url, timeoutMs: 5000 }],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const stream = (key: string, input: string, target = slug, signal?: AbortSignal) =>
    fetch(`${gw.url}/api/public/v1/${target}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input, stream: true }),
      signal,
    });

  it('a client that stops reading is cut off after the write timeout: aborted, billed, upstream cancelled', async () => {
    const own = await startOpenAiUpstream();
    let socket: Socket | undefined;
    try {
      const { slug: ownSlug } = await gw.createEndpoint({
        category: 'text',
        billingUnit: 'tokens_1k',
        streamable: true,
        upstreams: [{ kind: 'openai', baseUrl: own.url, timeoutMs: 5000 }],
      });
      const { key, keyId } = await gw.createTenantWithKey();
      // Enough data, fast, to fill the kernel's socket buffers (a few MB on loopback) many times over.
      const body = JSON.stringify({ input: 'chunks=4000 size=16384', stream: true });
      socket = connect(Number(new URL(gw.url).port), '127.0.0.1');
      await new Promise((resolve) => socket!.once('connect', resolve));
      socket.on('error', () => undefined);
      socket.pause(); // sends the request, never reads a byte of the answer
      socket.write(
        `POST /api/public/v1/${ownSlug} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      await own.nextClientDisconnect(); // the gateway cancelled the upstream request
      const record = await waitFor(
        'the audit record',
        async () => {
          await gw.flushAudit();
          return gw.prisma.auditRecord.findFirst({ where: { apiKeyId: keyId } });
        },
        10_000,
      );
      expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'aborted', upstreamId: expect.any(String) });
      expect(record.resalePicoUsd).toBeGreaterThan(0n);
      expect(record.quantity).toBeGreaterThan(0n);
      await waitFor('the stream slot back', () => slots.openFor(keyId) === 0, 10_000);
    } finally {
      socket?.destroy();
      await own.close();
    }
  });

  it('caps open streams per key and per process: 429 too_many_streams before any upstream call; slots come back', async () => {
    await waitFor('no open stream', () => slots.open === 0, 10_000);
    const a = await gw.createTenantWithKey();
    const b = await gw.createTenantWithKey();
    const open: AbortController[] = [];
    const openStream = async (key: string) => {
      const controller = new AbortController();
      const res = await stream(key, 'chunks=2000 interval=50', slug, controller.signal);
      expect(res.status).toBe(200);
      open.push(controller);
      return controller;
    };
    try {
      const first = await openStream(a.key);
      await openStream(a.key);
      let calls = upstream.received.length;

      const overKey = await stream(a.key, 'chunks=2');
      expect(overKey.status).toBe(429);
      const overKeyBody = (await overKey.json()) as any;
      expect(overKeyBody.error).toMatchObject({ code: 'too_many_streams', details: { limit: 'key', max_streams: 2 } });
      expect(overKey.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(upstream.received.length).toBe(calls); // the refused stream never reached the upstream

      await openStream(b.key);
      calls = upstream.received.length;
      const overProcess = await stream(b.key, 'chunks=2');
      expect(overProcess.status).toBe(429);
      expect(((await overProcess.json()) as any).error).toMatchObject({
        code: 'too_many_streams',
        details: { limit: 'process', max_streams: 3 },
      });

      expect(upstream.received.length).toBe(calls);
      expect(await gw.auditRecord(overKeyBody.error.request_id)).toMatchObject({
        httpStatus: 429,
        errorCode: 'too_many_streams',
        providersTried: 0,
        resalePicoUsd: 0n,
        wholesalePicoUsd: 0n,
        streamOutcome: null,
      });

      // One stream closes: its slot is back, a new stream is accepted.
      first.abort();
      await waitFor('the aborted stream to give its slot back', () => slots.openFor(a.keyId) === 1, 10_000);
      await openStream(a.key);
    } finally {
      for (const controller of open) controller.abort();
    }
    await waitFor('every slot back', () => slots.open === 0 && slots.keysWithStreams === 0, 10_000);
  });

  it('a stream that fails before its first chunk gives its slot back', async () => {
    const { key, keyId } = await gw.createTenantWithKey();
    // Three failures in a row with a cap of 2: a leaked slot would turn the third into a 429.
    for (let i = 0; i < 3; i++) {
      const res = await stream(key, 'status=503');
      expect(res.status).toBe(502);
      expect(((await res.json()) as any).error.code).toBe('upstream_unavailable');
    }
    expect(slots.openFor(keyId)).toBe(0);
  });

  it('an upstream line longer than the reader cap is a provider failure: fallback before the first chunk', async () => {
    const { key } = await gw.createTenantWithKey();
    const { slug: withFallback, upstreamIds } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [
        { kind: 'openai', baseUrl: upstream.url, timeoutMs: 5000 },
        { kind: 'simulator', timeoutMs: 5000 },
      ],
    });
    const res = await stream(key, 'long_line=1200000', withFallback);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-service-request-id')!;
    expect(parseEvents(await res.text()).done).toBe(true);
    expect(await gw.auditRecord(requestId)).toMatchObject({ upstreamId: upstreamIds[1], providersTried: 2, streamOutcome: 'completed' });
  });

  it('after the first chunk, an upstream line over the cap ends the stream in-band: upstream_unavailable, partial output billed', async () => {
    const { key } = await gw.createTenantWithKey();
    const res = await stream(key, 'chunks=5 long_line=1200000 long_line_at=2');
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-service-request-id')!;
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    expect(events.slice(0, -1).map((e) => e.delta)).toEqual(['word0', ' word1']);
    expect(events.at(-1)).toMatchObject({ error: { code: 'upstream_unavailable' }, done: true });
    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ streamOutcome: 'errored', errorCode: 'upstream_unavailable' });
    expect(record!.resalePicoUsd).toBeGreaterThan(0n);
  });
});

describe('stream maximum duration', () => {
  let gw: GatewayHarness;
  let upstream: OpenAiUpstream;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ STREAM_MAX_DURATION_MS: '400' });
    upstream = await startOpenAiUpstream();
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('past the maximum duration: stream_duration_exceeded event and [DONE], upstream cancelled, partial output billed', async () => {
    const { key } = await gw.createTenantWithKey();
    const { slug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: upstream.url, timeoutMs: 5000 }],
    });
    // Would last ~40 s; chunks keep coming, so the idle timeout never applies.
    const res = await fetch(`${gw.url}/api/public/v1/${slug}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: 'chunks=2000 interval=20', stream: true }),
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-service-request-id')!;
    const { events, done } = parseEvents(await res.text());
    expect(done).toBe(true);
    const last = events.at(-1);
    expect(last).toEqual({
      id: `req_${requestId}`,
      error: { code: 'stream_duration_exceeded', message: expect.any(String) },
      done: true,
      usage: { calls: 1, cost_usd: expect.any(Number), meters: [expect.objectContaining({ meter: 'tokens' })] },
    });
    await upstream.nextClientDisconnect();
    const record = await gw.auditRecord(requestId);
    expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'timed_out', errorCode: 'stream_duration_exceeded' });
    expect(record!.resalePicoUsd).toBeGreaterThan(0n);
    expect(usdToPicoUsd(last.usage.cost_usd)).toBe(record!.resalePicoUsd);
  });
});
