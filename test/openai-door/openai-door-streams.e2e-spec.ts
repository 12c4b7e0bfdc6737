import OpenAI, { APIError, InternalServerError } from 'openai';
import { CatalogService } from '../../src/catalog/catalog.service';
import { GatewayHarness } from '../support/gateway-harness';
import { startOpenAiUpstream, type OpenAiUpstream } from '../support/openai-upstream';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';
import { sendJson, startUpstream, type TestUpstream } from '../support/upstream-server';

/**
 * The specification's stream behaviour through the OpenAI door, with the official `openai` client:
 * an error before the first chunk is a JSON error and nothing is billed; a mid-stream error ends the
 * stream with an error chunk (the SDK raises it) and bills the partial output; a client that aborts
 * pays only for what was generated; a silent upstream ends the stream with `stream_timeout`.
 * gpt-4o-mini of text.generate is served by a scripted fake (the user message is its script).
 */
describe('OpenAI door streams: errors, aborts and timeouts', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  /** A second gateway on the same database with a short stream idle timeout. */
  let impatient: GatewayHarness;
  let scripted: OpenAiUpstream;
  let down: TestUpstream;
  let key: string;

  const IDLE_TIMEOUT_MS = 300;
  const clientOf = (harness: GatewayHarness) => new OpenAI({ apiKey: key, baseURL: `${harness.url}/api/openai/v1`, maxRetries: 0 });

  async function serveGpt4oMiniFrom(url: string): Promise<void> {
    const put = await gw.admin('PUT', '/catalog/text.generate/upstreams', {
      upstreams: [
        { name: 'simulator', kind: 'simulator', serves_model: 'simulator' },
        { name: 'openai', kind: 'openai', base_url: url, model: 'gpt-4o-mini', serves_model: 'gpt-4o-mini' },
      ],
    });
    expect(put.status).toBe(200);
    // Both gateways hold the catalog in memory; the change is broadcast, and read here at once.
    await Promise.all([gw, impatient].map((h) => h.app.get(CatalogService).reload()));
  }

  beforeAll(async () => {
    db = await createSuiteDatabase('openai_door_streams');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url });
    impatient = await GatewayHarness.start({ DATABASE_URL: db.url, STREAM_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS) });
    scripted = await startOpenAiUpstream();
    down = await startUpstream((_req, res) => sendJson(res, 500, { error: { message: 'The server had an error', type: 'server_error' } }));
    ({ key } = await gw.createTenantWithKey());
  });

  afterAll(async () => {
    await impatient?.close();
    await gw?.close();
    await scripted?.close();
    await down?.close();
    await db?.drop();
  });

  function stream(harness: GatewayHarness, script: string, signal?: AbortSignal) {
    return clientOf(harness)
      .chat.completions.create(
        { model: 'text.generate/gpt-4o-mini', messages: [{ role: 'user', content: script }], stream: true },
        { signal },
      )
      .withResponse();
  }

  it('an upstream error before the first chunk: a JSON error in OpenAI’s envelope, nothing billed', async () => {
    await serveGpt4oMiniFrom(down.url);
    const error = await stream(gw, 'chunks=3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    const err = error as APIError;
    expect([err.status, err.code, err.type]).toEqual([502, 'upstream_unavailable', 'server_error']);
    const record = (await gw.auditRecord(err.headers!.get('x-service-request-id')!))!;
    expect(record).toMatchObject({
      door: 'openai',
      httpStatus: 502,
      errorCode: 'upstream_unavailable',
      customerPricePicoUsd: 0n,
      streamOutcome: null,
    });
  });

  it('an upstream that dies mid-stream: an error chunk the SDK raises, the partial output billed', async () => {
    await serveGpt4oMiniFrom(scripted.url);
    const { data, response } = await stream(gw, 'chunks=6 fail_after=3 interval=30');
    const received: string[] = [];
    const error = await (async () => {
      for await (const chunk of data) received.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).code).toBe('upstream_unavailable');
    expect(received.join('')).toBe('word0 word1 word2');
    const record = (await gw.auditRecord(response.headers.get('x-service-request-id')!))!;
    expect(record).toMatchObject({
      door: 'openai',
      httpStatus: 200,
      streamOutcome: 'errored',
      errorCode: 'upstream_unavailable',
      usageSource: 'estimated',
    });
    expect(record.customerPricePicoUsd).toBeGreaterThan(0n);
  });

  it('a client that aborts after two chunks pays for what was generated: the upstream is cancelled, the record says aborted', async () => {
    await serveGpt4oMiniFrom(scripted.url);
    const abort = new AbortController();
    const { data, response } = await stream(gw, 'chunks=50 stall_after=2', abort.signal);
    const disconnected = scripted.nextClientDisconnect();
    let chunks = 0;
    // The SDK ends the iteration of an aborted stream quietly.
    for await (const chunk of data) {
      if (chunk.choices[0]?.delta.content) chunks++;
      if (chunks === 2) abort.abort();
    }
    expect(chunks).toBe(2);
    await disconnected;
    const record = (await gw.auditRecord(response.headers.get('x-service-request-id')!))!;
    expect(record).toMatchObject({ door: 'openai', streamOutcome: 'aborted' });
    expect(record.customerPricePicoUsd).toBeGreaterThan(0n);
    // Two words of output and the prompt, estimated: far below what 50 chunks would cost.
    expect(record.meters).toMatchObject({
      output_tokens: [expect.any(String), expect.any(String), expect.any(String), expect.any(String)],
    });
  });

  it('an upstream silent for the idle timeout ends the stream with stream_timeout (an error chunk), the partial output billed', async () => {
    await serveGpt4oMiniFrom(scripted.url);
    const { data, response } = await stream(impatient, 'chunks=5 stall_after=2');
    const received: string[] = [];
    const error = await (async () => {
      for await (const chunk of data) received.push(chunk.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).code).toBe('stream_timeout');
    expect(received.join('')).toBe('word0 word1');
    const record = (await impatient.auditRecord(response.headers.get('x-service-request-id')!))!;
    expect(record).toMatchObject({ door: 'openai', streamOutcome: 'timed_out', errorCode: 'stream_timeout' });
    expect(record.customerPricePicoUsd).toBeGreaterThan(0n);
  });
});
