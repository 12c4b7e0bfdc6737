import {
  Gateway,
  GatewayConnectionError,
  StreamTimeoutError,
  UnexpectedResponseError,
  UpstreamError,
  type StreamEvent,
} from '../src/index.js';
import { eventStream, fakeFetch, json, type Scripted } from './support/fake-fetch.js';

const gatewayWith = (...script: Scripted[]) => {
  const fetch = fakeFetch(...script);
  return { fetch, gw: new Gateway({ apiKey: 'gw_abc', baseUrl: 'http://gateway.test/', fetch, headers: { 'x-trace': 't1' } }) };
};

const ENVELOPE = {
  endpoint: 'text.generate',
  status: 'accepted',
  request_id: '0b8e6f4a-6c0e-4a57-9d51-2d0f5b7d2f11',
  billed_usd: 9e-8,
  received_at: '2026-11-23T10:15:02.123Z',
  usage: { billing_unit: 'tokens_1k', quantity: 41, units: 0.041 },
  result: { text: 'Hello.', finish_reason: 'stop', model: 'simulator' },
};

const collect = async (iterable: AsyncIterable<StreamEvent>) => {
  const events: StreamEvent[] = [];
  for await (const event of iterable) events.push(event);
  return events;
};

describe('Gateway.call', () => {
  it('POSTs the input as JSON with the key, and returns the envelope with exact money and the rate-limit state', async () => {
    const { gw, fetch } = gatewayWith(
      json(200, ENVELOPE, { 'x-ratelimit-limit': '600', 'x-ratelimit-remaining': '599', ratelimit: '"endpoint";r=599;t=60' }),
    );
    const result = await gw.call('text.generate', { input: 'hi', max_tokens: 5 });
    expect(fetch.requests[0]).toEqual({
      url: 'http://gateway.test/api/public/v1/text.generate',
      method: 'POST',
      headers: { authorization: 'Bearer gw_abc', accept: 'application/json', 'content-type': 'application/json', 'x-trace': 't1' },
      body: { input: 'hi', max_tokens: 5 },
    });
    expect(result).toMatchObject({
      endpoint: 'text.generate',
      status: 'accepted',
      requestId: ENVELOPE.request_id,
      billedUsd: 9e-8,
      billedPicoUsd: 90_000n,
      receivedAt: new Date(ENVELOPE.received_at),
      usage: { billingUnit: 'tokens_1k', quantity: 41, units: 0.041 },
      result: ENVELOPE.result,
      rateLimit: { limit: 600, remaining: 599, limits: [{ name: 'endpoint', remaining: 599, resetSeconds: 60 }] },
    });
    expect(result.result.text).toBe('Hello.');
  });

  it('encodes the slug into the path', async () => {
    const { gw, fetch } = gatewayWith(json(200, ENVELOPE));
    await gw.callUntyped('odd/slug?x', {});
    expect(fetch.requests[0].url).toBe('http://gateway.test/api/public/v1/odd%2Fslug%3Fx');
  });

  it('refuses stream: true (that is stream())', async () => {
    const { gw, fetch } = gatewayWith();
    await expect(gw.callUntyped('text.generate', { input: 'x', stream: true })).rejects.toThrow(/stream\(\)/);
    expect(fetch.requests).toHaveLength(0);
  });

  it('a 200 that is not an envelope is UnexpectedResponseError', async () => {
    const { gw } = gatewayWith(new Response('<html>', { status: 200 }));
    await expect(gw.call('text.generate', { input: 'x' })).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('an aborted signal rejects with its reason before anything is sent', async () => {
    const { gw, fetch } = gatewayWith(json(200, ENVELOPE));
    const reason = new Error('stop');
    await expect(gw.call('text.generate', { input: 'x' }, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(fetch.requests).toHaveLength(0);
  });
});

describe('Gateway.stream', () => {
  const id = 'req_0b8e6f4a';

  it('yields the deltas, then the final usage; the request asks for an event stream with stream: true', async () => {
    const { gw, fetch } = gatewayWith(
      eventStream(
        [
          `data: {"id":"${id}","delta":"Once"}\n\n: keep-alive\n\ndata: {"id":"${id}","del`,
          `ta":" upon"}\r\n\r\ndata: {"id":"${id}","done":true,"usage":{"calls":1,"cost_usd":0.000123}}\n\ndata: [DONE]\n\n`,
        ],
        { 'x-ratelimit-limit': '5' },
      ),
    );
    const stream = gw.stream('text.generate', { input: 'Tell me' });
    expect(fetch.requests).toHaveLength(0); // nothing is sent before it is read
    expect(await collect(stream)).toEqual([
      { type: 'delta', delta: 'Once' },
      { type: 'delta', delta: ' upon' },
      { type: 'done', usage: { calls: 1, costUsd: 0.000123, costPicoUsd: 123_000_000n, meters: [] } },
    ]);
    expect(fetch.requests[0]).toMatchObject({ body: { input: 'Tell me', stream: true }, headers: { accept: 'text/event-stream' } });
    expect(stream).toMatchObject({ requestId: 'req-1', rateLimit: { limit: 5 }, usage: { costPicoUsd: 123_000_000n } });
  });

  it('text() gives the whole text and the usage', async () => {
    const { gw } = gatewayWith(
      eventStream([
        `data: {"delta":"a"}\n\ndata: {"delta":"b"}\n\ndata: {"done":true,"usage":{"calls":1,"cost_usd":1e-12}}\n\ndata: [DONE]\n\n`,
      ]),
    );
    expect(await gw.stream('text.generate', { input: 'x' }).text()).toEqual({
      text: 'ab',
      usage: { calls: 1, costUsd: 1e-12, costPicoUsd: 1n, meters: [] },
    });
  });

  it('an in-band error is thrown as its class, with the usage billed for the part that came', async () => {
    const { gw } = gatewayWith(
      eventStream([
        `data: {"delta":"a"}\n\ndata: {"id":"${id}","error":{"code":"upstream_unavailable","message":"No upstream"},"done":true,"usage":{"calls":1,"cost_usd":0.00001}}\n\ndata: [DONE]\n\n`,
      ]),
    );
    const events: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of gw.stream('text.generate', { input: 'x' })) events.push(event);
    })().catch((e: unknown) => e);
    expect(events).toEqual([{ type: 'delta', delta: 'a' }]);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      code: 'upstream_unavailable',
      status: 502,
      requestId: 'req-1',
      streamUsage: { costPicoUsd: 10_000_000n },
    });
  });

  it.each([
    ['stream_timeout', StreamTimeoutError],
    ['stream_duration_exceeded', StreamTimeoutError],
  ])('in-band %s is a StreamTimeoutError', async (code, errorClass) => {
    const { gw } = gatewayWith(
      eventStream([`data: {"error":{"code":"${code}","message":"m"},"done":true,"usage":{"calls":1,"cost_usd":0}}\n\ndata: [DONE]\n\n`]),
    );
    await expect(gw.stream('text.generate', { input: 'x' }).text()).rejects.toBeInstanceOf(errorClass);
  });

  it('a body that ends before the final event is a connection error (it may have been billed)', async () => {
    const { gw } = gatewayWith(eventStream([`data: {"delta":"a"}\n\n`]));
    await expect(gw.stream('text.generate', { input: 'x' }).text()).rejects.toMatchObject({
      code: 'connection_failed',
      mayHaveBeenSent: true,
    });
  });

  it('a body that is not events is UnexpectedResponseError', async () => {
    const { gw } = gatewayWith(eventStream([`data: {not json}\n\n`]));
    await expect(gw.stream('text.generate', { input: 'x' }).text()).rejects.toBeInstanceOf(UnexpectedResponseError);
    const { gw: plain } = gatewayWith(json(200, ENVELOPE));
    await expect(plain.stream('text.generate', { input: 'x' }).open()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('leaving the loop early cancels the body (the connection closes: billing stops)', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode('data: {"delta":"x"}\n\n')),
      cancel: () => void (cancelled = true),
    });
    let signal: AbortSignal | undefined;
    const { gw } = gatewayWith((_url, init) => {
      signal = init.signal ?? undefined;
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    for await (const event of gw.stream('text.generate', { input: 'x' })) {
      expect(event).toEqual({ type: 'delta', delta: 'x' });
      break;
    }
    expect(signal!.aborted).toBe(true);
    expect(cancelled).toBe(true);
  });

  it('the caller’s signal aborts it, with the caller’s reason', async () => {
    const controller = new AbortController();
    const { gw } = gatewayWith((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          c.enqueue(new TextEncoder().encode('data: {"delta":"x"}\n\n'));
          init.signal!.addEventListener('abort', () => c.error(init.signal!.reason));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const reason = new Error('user left');
    const error = await (async () => {
      for await (const _event of gw.stream('text.generate', { input: 'x' }, { signal: controller.signal })) controller.abort(reason);
    })().catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('a stream that is over stops listening to the caller’s signal (a long-lived signal collects no listeners)', async () => {
    const controller = new AbortController();
    const removed = jest.spyOn(controller.signal, 'removeEventListener');
    const { gw } = gatewayWith(eventStream([`data: {"done":true,"usage":{"calls":1,"cost_usd":0}}\n\ndata: [DONE]\n\n`]));
    await gw.stream('text.generate', { input: 'x' }, { signal: controller.signal }).text();
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('can be read only once', async () => {
    const { gw } = gatewayWith(eventStream([`data: {"done":true,"usage":{"calls":1,"cost_usd":0}}\n\ndata: [DONE]\n\n`]));
    const stream = gw.stream('text.generate', { input: 'x' });
    await stream.text();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(TypeError);
  });

  it('a refused stream rejects open() and the loop with the typed error', async () => {
    const { gw } = gatewayWith(json(504, { error: { code: 'stream_timeout', message: 'm', request_id: 'r' } }));
    const stream = gw.stream('text.generate', { input: 'x' });
    await expect(stream.open()).rejects.toBeInstanceOf(StreamTimeoutError);
    await expect(stream.text()).rejects.toBeInstanceOf(StreamTimeoutError);
  });

  it('a connection error before the answer is a GatewayConnectionError', async () => {
    const { gw } = gatewayWith(new TypeError('Failed to fetch'));
    await expect(gw.stream('text.generate', { input: 'x' }).text()).rejects.toBeInstanceOf(GatewayConnectionError);
  });
});
