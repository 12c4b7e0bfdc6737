import { randomBytes } from 'node:crypto';
import {
  AuthenticationError,
  BudgetExceededError,
  Gateway,
  GatewayConnectionError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitedError,
  ServiceUnavailableError,
  StreamTimeoutError,
  UpstreamError,
  type GatewayOptions,
  type RetryEvent,
  type StreamEvent,
} from '../../sdk/src/index.js';
import { deferred, type Deferred } from '../support/deferred';
import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream, type OpenAiUpstream } from '../support/openai-upstream';
import { closedPortUrl, sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';
import { waitFor } from '../support/wait-for';

/** Short windows, so that waiting out a rate limit (what a retry honouring Retry-After does) takes seconds. */
const WINDOW_SECONDS = 3;
const IDLE_TIMEOUT_MS = 600;

/** The SDK's public client against the real gateway: calls, streams, aborts, every error class, retries, rate-limit state. */
describe('SDK Gateway client against the gateway', () => {
  let gw: GatewayHarness;
  let openai: OpenAiUpstream;
  let gated: TestUpstream;
  /** Holds the gated upstream's answers until resolved (null: answer at once). */
  let gate: Deferred<void> | null = null;
  let streamSlug: string;
  let gatedSlug: string;
  let key: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start({
      RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
      STREAM_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      SIMULATOR_CHUNK_INTERVAL_MS: '0',
      STREAM_MAX_CONCURRENT_PER_KEY: '1',
    });
    openai = await startOpenAiUpstream();
    gated = await startUpstream(async (_req, res) => {
      if (gate) await gate.promise;
      sendJson(res, 200, { ok: true });
    });
    ({ slug: streamSlug } = await gw.createEndpoint({
      category: 'text',
      billingUnit: 'tokens_1k',
      streamable: true,
      upstreams: [{ kind: 'openai', baseUrl: openai.url, timeoutMs: 5000 }],
    }));
    // One call at most 10 units (its budget hold), billed 1 unit when the upstream reports none.
    ({ slug: gatedSlug } = await gw.createEndpoint({ maxQuantityPerCall: 10n, upstreams: [{ baseUrl: gated.url, timeoutMs: 5000 }] }));
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    gate?.resolve();
    await gw.close();
    await openai.close();
    await gated.close();
  });

  const client = (apiKey = key, options: Partial<GatewayOptions> = {}) => new Gateway({ apiKey, baseUrl: gw.url, ...options });
  /** A client with a key of its own: streams are capped at one per key here, and a stream's slot frees only once the gateway saw it end. */
  const freshClient = async (options: Partial<GatewayOptions> = {}) => client((await gw.createTenantWithKey()).key, options);
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error,
    );
  const readAll = async (stream: AsyncIterable<StreamEvent>) => {
    const events: StreamEvent[] = [];
    for await (const event of stream) events.push(event);
    return events;
  };

  describe('call', () => {
    it('returns the typed result, the request id of the audit record, the exact amount billed and the rate-limit state', async () => {
      const { key: ownKey } = await gw.createTenantWithKey({ tenantRateLimit: 50 });
      const result = await client(ownKey).call('text.generate', { input: 'Write a haiku about gateways' });
      expect(result).toMatchObject({ endpoint: 'text.generate', status: 'accepted', usage: { billingUnit: 'tokens_1k' } });
      expect(typeof result.result.text).toBe('string');
      expect(result.result.finish_reason).toBe('stop');
      const record = await gw.auditRecord(result.requestId);
      expect(record).toMatchObject({ httpStatus: 200, quantity: BigInt(result.usage.quantity) });
      expect(result.billedPicoUsd).toBe(record!.customerPricePicoUsd);
      expect(result.billedPicoUsd).toBeGreaterThan(0n);
      expect(result.rateLimit).toEqual({
        limit: 50,
        remaining: 49,
        reset: expect.any(Date),
        policies: [
          { name: 'endpoint', quota: 600, windowSeconds: WINDOW_SECONDS },
          { name: 'tenant', quota: 50, windowSeconds: WINDOW_SECONDS },
        ],
        limits: [
          { name: 'endpoint', remaining: 599, resetSeconds: expect.any(Number) },
          { name: 'tenant', remaining: 49, resetSeconds: expect.any(Number) },
        ],
        retryAfterSeconds: null,
      });
      expect(result.rateLimit.reset!.getTime()).toBeGreaterThan(Date.now() - 1000);
      expect(result.rateLimit.reset!.getTime()).toBeLessThanOrEqual(Date.now() + WINDOW_SECONDS * 1000);
    });

    it('calls a slug the SDK has no type for (the generic fallback)', async () => {
      const result = await client().call(gatedSlug, { anything: [1, 2] });
      expect(result.result).toEqual({ ok: true });
      expect(result.endpoint).toBe(gatedSlug);
    });

    it('an aborted call rejects with the abort reason; the gateway cancels the upstream call and audits 499', async () => {
      const { id: endpointId, slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: gated.url, timeoutMs: 5000 }] });
      gate = deferred();
      const controller = new AbortController();
      const before = gated.received.length;
      const pending = failureOf(client().call(slug, {}, { signal: controller.signal }));
      await gated.waitForRequests(before + 1);
      controller.abort();
      expect(await pending).toMatchObject({ name: 'AbortError' });
      const record = await waitFor('the aborted call’s audit record', async () => {
        await gw.flushAudit();
        return gw.prisma.auditRecord.findFirst({ where: { endpointId } });
      });
      expect(record).toMatchObject({ httpStatus: 499, customerPricePicoUsd: 0n });
      gate.resolve();
      gate = null;
    });
  });

  describe('stream', () => {
    it('yields the deltas and ends with the final usage, which is what the audit record bills', async () => {
      const stream = (await freshClient()).stream('text.generate', { input: 'Stream me a story' });
      const events = await readAll(stream);
      const deltas = events.filter((e) => e.type === 'delta');
      expect(deltas.length).toBeGreaterThan(3);
      const last = events.at(-1)!;
      expect(last.type).toBe('done');
      if (last.type !== 'done') return;
      expect(last.usage.calls).toBe(1);
      const record = await gw.auditRecord(stream.requestId!);
      expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'completed' });
      expect(last.usage.costPicoUsd).toBe(record!.customerPricePicoUsd);
      expect(stream.usage).toEqual(last.usage);
      expect(stream.rateLimit).toMatchObject({ limit: expect.any(Number), policies: [{ name: 'endpoint' }] });
    });

    it('text() collects an OpenAI-compatible upstream’s stream, billed by its reported usage', async () => {
      const { text, usage } = await (await freshClient()).stream(streamSlug, { input: 'chunks=4 usage=1500' }).text();
      expect(text).toBe('word0 word1 word2 word3');
      expect(usage).toEqual({
        calls: 1,
        costUsd: 0.00225, // 1.5 × $0.0015
        costPicoUsd: 2_250_000_000n,
        meters: [{ meter: 'tokens', quantity: 1500, units: 1.5, billedUsd: 0.00225, billedPicoUsd: 2_250_000_000n }],
      });
    });

    it('aborting the signal mid-stream stops billing at once: the audit record says aborted, with the usage so far', async () => {
      const controller = new AbortController();
      const stream = (await freshClient()).stream(streamSlug, { input: 'chunks=200 interval=20' }, { signal: controller.signal });
      const disconnected = openai.nextClientDisconnect();
      const seen: string[] = [];
      const error = await failureOf(
        (async () => {
          for await (const event of stream) {
            if (event.type === 'delta') seen.push(event.delta);
            if (seen.length === 3) controller.abort();
          }
        })(),
      );
      expect(error).toMatchObject({ name: 'AbortError' });
      await disconnected; // the gateway cancelled the upstream
      const record = await gw.auditRecord(stream.requestId!);
      expect(record).toMatchObject({ httpStatus: 200, streamOutcome: 'aborted' });
      expect(record!.quantity).toBeGreaterThan(0n);
      expect(record!.quantity).toBeLessThan(100n); // far below the 200 words the stream would have had
      expect(record!.customerPricePicoUsd).toBeGreaterThan(0n);
    });

    it('leaving the loop early (break) stops it the same way', async () => {
      const stream = (await freshClient()).stream(streamSlug, { input: 'chunks=200 interval=20' });
      const disconnected = openai.nextClientDisconnect();
      for await (const event of stream) if (event.type === 'delta') break;
      await disconnected;
      expect(await gw.auditRecord(stream.requestId!)).toMatchObject({ streamOutcome: 'aborted' });
    });

    it('a mid-stream upstream failure is an UpstreamError with the partial usage, which is billed', async () => {
      const stream = (await freshClient()).stream(streamSlug, { input: 'chunks=5 fail_after=2 interval=10' });
      const events: StreamEvent[] = [];
      const error = await failureOf(
        (async () => {
          for await (const event of stream) events.push(event);
        })(),
      );
      expect(events.map((e) => e.type)).toEqual(['delta', 'delta']);
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ code: 'upstream_unavailable', status: 502, requestId: stream.requestId });
      const record = await gw.auditRecord(stream.requestId!);
      expect(record).toMatchObject({ streamOutcome: 'errored' });
      expect((error as UpstreamError).streamUsage!.costPicoUsd).toBe(record!.customerPricePicoUsd);
    });

    it('a stream that goes silent is a StreamTimeoutError: in-band after the first chunk, a 504 before it', async () => {
      const midway = await failureOf((await freshClient()).stream(streamSlug, { input: 'chunks=5 stall_after=2' }).text());
      expect(midway).toBeInstanceOf(StreamTimeoutError);
      expect(midway).toMatchObject({ code: 'stream_timeout', streamUsage: { calls: 1 } });
      const before = (await freshClient()).stream(streamSlug, { input: `chunks=2 silent_first=${IDLE_TIMEOUT_MS * 3}` });
      const refused = await failureOf(before.open());
      expect(refused).toBeInstanceOf(StreamTimeoutError);
      expect(refused).toMatchObject({
        code: 'stream_timeout',
        status: 504,
        streamUsage: undefined,
        rateLimit: { limit: expect.any(Number) },
      });
    });

    it('a slug that does not stream is an InvalidRequestError', async () => {
      const notStreaming: string = 'text.embed'; // typed as any slug: the SDK's types would refuse the literal
      const error = await failureOf((await freshClient()).stream(notStreaming, { input: 'x' }).text());
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
    });
  });

  describe('errors: one class per code family, with code, status, requestId, details and the rate-limit state', () => {
    const unknownKey = () => `gw_${randomBytes(9).toString('base64url').slice(0, 12).replace(/[-_]/g, 'a')}_${'b'.repeat(32)}`;

    it('AuthenticationError: an unknown key, a revoked key', async () => {
      const unknown = await failureOf(client(unknownKey()).call('text.generate', { input: 'x' }));
      expect(unknown).toBeInstanceOf(AuthenticationError);
      expect(unknown).toMatchObject({ code: 'invalid_api_key', status: 401, requestId: expect.any(String), rateLimit: { limit: 120 } });
      const { keyId, key: revoked } = await gw.createTenantWithKey();
      await gw.admin('POST', `/keys/${keyId}/revoke`);
      const error = await failureOf(client(revoked).call('text.generate', { input: 'x' }));
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ code: 'revoked_api_key', status: 401 });
      expect(await gw.auditRecord((error as AuthenticationError).requestId!)).toMatchObject({
        httpStatus: 401,
        errorCode: 'revoked_api_key',
      });
    });

    it('PermissionDeniedError: a suspended tenant', async () => {
      const { tenantId, key: suspended } = await gw.createTenantWithKey();
      await gw.admin('PATCH', `/tenants/${tenantId}`, { status: 'suspended' });
      const error = await failureOf(client(suspended).call('text.generate', { input: 'x' }));
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error).toMatchObject({ code: 'tenant_suspended', status: 403 });
    });

    it('NotFoundError: an unknown slug (with the per-IP limit’s state)', async () => {
      const error = await failureOf(client().call('text.nothing_here', {}));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: 'endpoint_not_found', status: 404, rateLimit: { limit: 120, remaining: expect.any(Number) } });
    });

    it('InvalidRequestError: a missing field, with the gateway’s message', async () => {
      const error = await failureOf(client().callUntyped('text.generate', {}));
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'invalid_request', status: 400 });
      expect((error as Error).message).toMatch(/input/);
    });

    it('UpstreamError: 502 when every provider fails, 422 when the upstream refuses (details.upstream_status)', async () => {
      const { slug: down } = await gw.createEndpoint({ upstreams: [{ baseUrl: await closedPortUrl() }] });
      const unavailable = await failureOf(client().call(down, {}));
      expect(unavailable).toBeInstanceOf(UpstreamError);
      expect(unavailable).toMatchObject({ code: 'upstream_unavailable', status: 502 });
      const refusing = await startUpstream((_req, res) => sendJson(res, 400, { error: 'bad input' }));
      try {
        const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: refusing.url }] });
        const rejected = await failureOf(client().call(slug, {}));
        expect(rejected).toBeInstanceOf(UpstreamError);
        expect(rejected).toMatchObject({ code: 'upstream_rejected', status: 422, details: { upstream_status: 400 } });
      } finally {
        await refusing.close();
      }
    });

    it('ServiceUnavailableError: a disabled endpoint', async () => {
      const { slug } = await gw.createEndpoint({ upstreams: [{ baseUrl: gated.url }] });
      expect((await gw.admin('PATCH', `/catalog/${slug}`, { enabled: false })).status).toBe(200);
      const error = await failureOf(client().call(slug, {}));
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ code: 'endpoint_disabled', status: 503 });
    });

    it('RateLimitedError says when to retry (Retry-After, the window’s end), with the rejecting limit’s state', async () => {
      const { key: limited } = await gw.createTenantWithKey({ keyRateLimit: 1 });
      const first = await client(limited).call('text.embed', { input: 'a' });
      const error = (await failureOf(client(limited).call('text.embed', { input: 'a' }))) as RateLimitedError;
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ code: 'rate_limited', status: 429, rateLimit: { limit: 1, remaining: 0 } });
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(WINDOW_SECONDS);
      // Retry-After is whole seconds, rounded up from the window's end.
      expect(error.retryAt!.getTime()).toBeGreaterThanOrEqual(first.rateLimit.reset!.getTime() - 50);
      expect(error.retryAt!.getTime()).toBeLessThan(first.rateLimit.reset!.getTime() + 1100);
    });

    it('RateLimitedError for too_many_streams (details.limit)', async () => {
      const { key: streamer } = await gw.createTenantWithKey();
      const holding = client(streamer).stream(streamSlug, { input: 'chunks=200 interval=20' });
      await holding.open();
      const error = await failureOf(client(streamer).stream(streamSlug, { input: 'chunks=1' }).open());
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error).toMatchObject({ code: 'too_many_streams', status: 429, details: { limit: 'key', max_streams: 1 } });
      holding.abort();
    });

    it('BudgetExceededError says when to retry and whose budget it is', async () => {
      const reseller = await gw.createReseller();
      const customer = (await gw.reseller(reseller.managementKey, 'POST', '/customers', { name: 'Ada' })).body;
      const created = (await gw.reseller(reseller.managementKey, 'POST', `/customers/${customer.id}/keys`, {})).body;
      // $0.0015 a day: one call of the test endpoint ($0.0015 a call) spends it all.
      await gw.reseller(reseller.managementKey, 'PUT', `/customers/${customer.id}/budget`, { period: 'daily', cap_usd: '0.0015' });
      const { key: budgetedKey } = created as { key: string };
      const { slug } = await gw.createEndpoint({ maxQuantityPerCall: 1n, upstreams: [{ baseUrl: gated.url }] });
      await client(budgetedKey).call(slug, {});
      await gw.flushAudit();
      const error = (await failureOf(client(budgetedKey).call(slug, {}))) as BudgetExceededError;
      expect(error).toBeInstanceOf(BudgetExceededError);
      const midnight = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1));
      expect(error).toMatchObject({
        code: 'budget_exceeded',
        status: 402,
        limitSource: 'customer',
        period: 'daily',
        capPicoUsd: 1_500_000_000n,
        spentPicoUsd: 1_500_000_000n,
        resetsAt: midnight,
        rateLimit: { limit: expect.any(Number) },
      });
      expect(Math.abs(error.retryAt!.getTime() - midnight.getTime())).toBeLessThan(2000);
      // With retries on, a Retry-After that far away is not waited for: thrown at once.
      const events: RetryEvent[] = [];
      await expect(client(budgetedKey, { retry: { onRetry: (e) => events.push(e) } }).call(slug, {})).rejects.toBeInstanceOf(
        BudgetExceededError,
      );
      expect(events).toEqual([]);
    });

    it('GatewayConnectionError: nothing listens (never sent, so retried when retries are on)', async () => {
      const events: RetryEvent[] = [];
      const nowhere = new Gateway({
        apiKey: key,
        baseUrl: await closedPortUrl(),
        retry: { baseDelayMs: 10, onRetry: (e) => events.push(e) },
      });
      const error = await failureOf(nowhere.call('text.generate', { input: 'x' }));
      expect(error).toBeInstanceOf(GatewayConnectionError);
      expect(error).toMatchObject({ code: 'connection_failed', mayHaveBeenSent: false, requestId: null, rateLimit: null });
      expect(events.map((e) => e.retry)).toEqual([1, 2]);
    });
  });

  describe('retries (opt-in)', () => {
    it('wait out a rate limit as Retry-After says, then succeed', async () => {
      const { key: limited } = await gw.createTenantWithKey({ keyRateLimit: 1 });
      const first = await client(limited).call('text.embed', { input: 'a' });
      const events: RetryEvent[] = [];
      const second = await client(limited, { retry: { onRetry: (e) => events.push(e) } }).call('text.embed', { input: 'b' });
      expect(events).toHaveLength(1);
      expect(events[0].error).toBeInstanceOf(RateLimitedError);
      expect(events[0].delayMs).toBeGreaterThanOrEqual(events[0].error.retryAfterSeconds! * 1000);
      // The retry went out after the first call's window had ended: it is in a new window.
      expect(second.receivedAt.getTime()).toBeGreaterThanOrEqual(first.rateLimit.reset!.getTime() - 5);
      expect(second.rateLimit.remaining).toBe(0);
    });

    it('wait for a budget held by a call in flight (Retry-After: 1) until it settles', async () => {
      const reseller = await gw.createReseller();
      const created = (await gw.reseller(reseller.managementKey, 'POST', '/keys', {})).body as { id: string; key: string };
      // Ten calls' worth: the first call declares ten items, so it holds all of it, then costs one
      // (its upstream reports no usage: one call).
      await gw.reseller(reseller.managementKey, 'PUT', `/keys/${created.id}/budget`, { period: 'monthly', cap_usd: '0.015' });
      gate = deferred();
      const before = gated.received.length;
      const first = client(created.key).call(gatedSlug, { count: 10 });
      await gated.waitForRequests(before + 1);
      const events: RetryEvent[] = [];
      const second = client(created.key, {
        retry: {
          maxRetries: 10,
          onRetry: (e) => {
            events.push(e);
            gate?.resolve(); // the first call may end now: its hold settles to its cost
          },
        },
      }).call(gatedSlug, {});
      await first;
      gate = null;
      await expect(second).resolves.toMatchObject({ status: 'accepted' });
      expect(events.length).toBeGreaterThanOrEqual(1);
      for (const event of events) {
        expect(event.error).toBeInstanceOf(BudgetExceededError);
        expect(event.error.retryAfterSeconds).toBe(1);
        expect(event.delayMs).toBeGreaterThanOrEqual(1000);
      }
    });

    it('wait for an open-stream slot, never retrying a stream that started', async () => {
      const { key: streamer } = await gw.createTenantWithKey();
      const holding = client(streamer).stream(streamSlug, { input: 'chunks=200 interval=20' });
      await holding.open();
      const events: RetryEvent[] = [];
      const waiting = client(streamer, {
        retry: {
          baseDelayMs: 50,
          maxRetries: 20,
          onRetry: (e) => {
            events.push(e);
            holding.abort(); // frees the slot once the gateway sees the connection close
          },
        },
      }).stream(streamSlug, { input: 'chunks=3' });
      expect(await waiting.text()).toMatchObject({ text: 'word0 word1 word2' });
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events.every((e) => e.error.code === 'too_many_streams')).toBe(true);
    });

    it('never retry a failure after forwarding (502)', async () => {
      const { slug: down } = await gw.createEndpoint({ upstreams: [{ baseUrl: await closedPortUrl() }] });
      const events: RetryEvent[] = [];
      await expect(client(key, { retry: { baseDelayMs: 10, onRetry: (e) => events.push(e) } }).call(down, {})).rejects.toBeInstanceOf(
        UpstreamError,
      );
      expect(events).toEqual([]);
    });

    it('never retry a call cut off after it was sent (the caller’s timeout)', async () => {
      gate = deferred();
      const events: RetryEvent[] = [];
      const before = gated.received.length;
      const error = await failureOf(
        client(key, { retry: { baseDelayMs: 10, onRetry: (e) => events.push(e) } }).call(
          gatedSlug,
          {},
          { signal: AbortSignal.timeout(300) },
        ),
      );
      expect(error).toMatchObject({ name: 'TimeoutError' });
      expect(events).toEqual([]);
      expect(gated.received.length).toBe(before + 1);
      gate.resolve();
      gate = null;
    });
  });
});
