import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import OpenAI, { APIError, NotFoundError, toFile } from 'openai';
import { CatalogService } from '../../src/catalog/catalog.service';
import { GatewayHarness } from '../support/gateway-harness';
import { expectSameBill } from '../support/same-bill';
import { DEFAULT_SPEECH, DEFAULT_TRANSCRIPTION, PATHS, startOpenAiApi, type OpenAiApi } from '../support/openai-api';
import { createSuiteDatabase, type SuiteDatabase } from '../support/suite-database';

/** The suite's body limit: small, so a file just over it is cheap to send. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The OpenAI door's media routes (images, speech, transcriptions) through the official `openai`
 * package, unchanged, against the simulator and a fake OpenAI upstream: the same billing and audit
 * as a call of the slug with the same input, in OpenAI's shapes. A database of its own: media.image,
 * voice.tts and voice.stt are pointed at the fake here, which other suites must not see.
 */
describe('the OpenAI door’s media routes, called with the official openai SDK', () => {
  let db: SuiteDatabase;
  let gw: GatewayHarness;
  let api: OpenAiApi;
  let key: string;
  let client: OpenAI;

  beforeAll(async () => {
    db = await createSuiteDatabase('openai_door_media');
    gw = await GatewayHarness.start({ DATABASE_URL: db.url, BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) });
    api = await startOpenAiApi();
    // Each slug keeps its simulator model and gets its OpenAI model on the fake (no secret needed).
    for (const [slug, model] of [
      ['media.image', 'dall-e-3'],
      ['voice.tts', 'tts-1'],
      ['voice.stt', 'whisper-1'],
    ] as const) {
      const upstreams = await gw.admin('PUT', `/catalog/${slug}/upstreams`, {
        upstreams: [
          { name: 'simulator', kind: 'simulator', serves_model: 'simulator' },
          { name: 'openai', kind: 'openai', base_url: api.url, model, serves_model: model },
        ],
      });
      expect([slug, upstreams.status]).toEqual([slug, 200]);
    }
    ({ key } = await gw.createTenantWithKey());
    client = new OpenAI({ apiKey: key, baseURL: `${gw.url}/api/openai/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await gw?.close();
    await api?.close();
    await db?.drop();
  });

  /** The slug door's call with the same input, for comparing bills. */
  async function slugCall(slug: string, body: unknown) {
    const res = await gw.call(slug, { key, body });
    const json = (await res.json()) as any;
    expect([res.status, json]).toEqual([200, expect.objectContaining({ status: 'accepted' })]);
    return { json, record: (await gw.auditRecord(json.request_id))! };
  }

  /** The door's call's record, billed exactly as the slug's call with the same input. */
  async function expectBilledAsSlug(requestId: string, slug: { record: any }) {
    const record = (await gw.auditRecord(requestId))!;
    expect(record).toMatchObject({ door: 'openai', httpStatus: 200 });
    expectSameBill(record, slug.record);
    return record;
  }

  const costOf = (record: { customerPricePicoUsd: bigint | number | string }) => Number(record.customerPricePicoUsd) / 1e12;

  it('images on the fake upstream: OpenAI’s ImagesResponse with each image the slug gave, usage with the cost; billed as the slug call', async () => {
    const { data, response } = await client.images
      .generate({ model: 'media.image/dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1024', user: 'end-user-1' })
      .withResponse();
    // The upstream was asked with the operator's model and the slug's fields; `user` is not forwarded.
    expect(api.lastJson(PATHS.images)).toEqual({ model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1024' });
    expect(data.data).toEqual([
      { url: 'https://images.example/0.png', revised_prompt: 'a revised prompt' },
      { url: 'https://images.example/1.png', revised_prompt: 'a revised prompt' },
    ]);
    expect(data.size).toBe('1024x1024');
    const requestId = response.headers.get('x-service-request-id')!;
    expect(Math.abs(data.created - Date.now() / 1000)).toBeLessThan(60);

    const slug = await slugCall('media.image', { model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1024' });
    expect(slug.json.result.images).toEqual(data.data);
    const record = await expectBilledAsSlug(requestId, slug);
    expect(data.usage).toEqual({ images: 2, cost: costOf(record) });
    expect(slug.json.billed_usd).toBe(costOf(record));
  });

  it('images on the simulator (the offline default): its one image as it is; b64_json asked and a url given is the slug’s answer, shown faithfully', async () => {
    const { data, response } = await client.images
      .generate({ model: 'media.image/simulator', prompt: 'a lighthouse', response_format: 'b64_json' })
      .withResponse();
    const slug = await slugCall('media.image', { model: 'simulator', prompt: 'a lighthouse', response_format: 'b64_json' });
    expect(data.data).toEqual([{ url: slug.json.result.url }]);
    expect(data.size).toBe('1024x1024');
    const record = await expectBilledAsSlug(response.headers.get('x-service-request-id')!, slug);
    expect(data.usage).toEqual({ images: 1, cost: costOf(record) });
  });

  it('images: a missing prompt is a 400 naming it; `stream` is refused', async () => {
    const missing = await client.images.generate({ model: 'media.image/simulator', prompt: '' }).catch((e: unknown) => e);
    expect([(missing as APIError).status, (missing as APIError).code, (missing as APIError).param]).toEqual([
      400,
      'invalid_request',
      'prompt',
    ]);
    const streamed = await client.images
      .generate({ model: 'media.image/simulator', prompt: 'a fox', stream: true })
      .catch((e: unknown) => e);
    expect([(streamed as APIError).status, (streamed as APIError).param]).toEqual([400, 'stream']);
  });

  it('speech: the audio bytes as the upstream sent them, typed by format; the cost in X-Call-Cost-Usd; billed as the slug call', async () => {
    const response = await client.audio.speech.create({ model: 'voice.tts/tts-1', input: 'Hello there', voice: 'nova', speed: 1.5 });
    const audio = Buffer.from(await response.arrayBuffer());
    expect(audio.equals(DEFAULT_SPEECH)).toBe(true);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('content-length')).toBe(String(DEFAULT_SPEECH.length));
    expect(api.lastJson(PATHS.speech)).toEqual({ model: 'tts-1', input: 'Hello there', voice: 'nova', response_format: 'mp3', speed: 1.5 });

    const slug = await slugCall('voice.tts', { model: 'tts-1', text: 'Hello there', voice: 'nova', speed: 1.5 });
    expect(Buffer.from(slug.json.result.audio_base64 as string, 'base64').equals(DEFAULT_SPEECH)).toBe(true);
    const record = await expectBilledAsSlug(response.headers.get('x-service-request-id')!, slug);
    expect(Number(response.headers.get('x-call-cost-usd'))).toBe(costOf(record));
    expect(record.customerPricePicoUsd).toBeGreaterThan(0n);

    const wav = await client.audio.speech.create({ model: 'voice.tts/tts-1', input: 'Hi', voice: 'alloy', response_format: 'wav' });
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    expect((api.lastJson(PATHS.speech) as { response_format: string }).response_format).toBe('wav');
  });

  it('speech: a format OpenAI does not have is a 400 on response_format; the simulator’s voice.tts (an audio URL, no audio) is not offered here', async () => {
    const badFormat = await client.audio.speech
      .create({ model: 'voice.tts/tts-1', input: 'Hi', voice: 'alloy', response_format: 'ogg' as 'mp3' })
      .catch((e: unknown) => e);
    expect([(badFormat as APIError).status, (badFormat as APIError).param]).toEqual([400, 'response_format']);
    const simulator = await client.audio.speech
      .create({ model: 'voice.tts/simulator', input: 'Hi', voice: 'alloy' })
      .catch((e: unknown) => e);
    expect(simulator).toBeInstanceOf(NotFoundError);
    expect((simulator as APIError).code).toBe('model_not_found');
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'media.image/simulator',
        'media.image/dall-e-3',
        'voice.tts/tts-1',
        'voice.stt/simulator',
        'voice.stt/whisper-1',
      ]),
    );
    expect(ids).not.toContain('voice.tts/simulator');
  });

  it('speech: a price with a fallback that answers no audio bytes (the simulator behind OpenAI) is not offered, so it is never billed without audio', async () => {
    const withFallback = await gw.admin('PUT', '/catalog/voice.tts/upstreams', {
      upstreams: [
        { name: 'openai', kind: 'openai', base_url: api.url, model: 'tts-1', serves_model: 'tts-1' },
        { name: 'simulator', kind: 'simulator' },
      ],
    });
    expect(withFallback.status).toBe(200);
    await gw.app.get(CatalogService).reload();
    try {
      const refused = await client.audio.speech.create({ model: 'voice.tts/tts-1', input: 'Hi', voice: 'alloy' }).catch((e: unknown) => e);
      expect([(refused as APIError).status, (refused as APIError).code]).toEqual([404, 'model_not_found']);
    } finally {
      const restored = await gw.admin('PUT', '/catalog/voice.tts/upstreams', {
        upstreams: [
          { name: 'simulator', kind: 'simulator', serves_model: 'simulator' },
          { name: 'openai', kind: 'openai', base_url: api.url, model: 'tts-1', serves_model: 'tts-1' },
        ],
      });
      expect(restored.status).toBe(200);
      await gw.app.get(CatalogService).reload();
    }
  });

  it('transcriptions (json, the default): the file uploaded as the slug’s audio; { text, usage } with the seconds billed and the cost; billed as the slug call', async () => {
    const audio = Buffer.from('fake mp3 audio bytes for the transcription');
    const { data, response } = await client.audio.transcriptions
      .create({ model: 'voice.stt/whisper-1', file: await toFile(audio, 'a.mp3'), language: 'en', temperature: 0.2 })
      .withResponse();
    const form = await api.lastForm(PATHS.transcriptions);
    const sent = form.get('file') as File;
    expect([sent.name, Buffer.from(await sent.arrayBuffer()).equals(audio)]).toEqual(['audio.mp3', true]);
    expect([form.get('model'), form.get('language'), form.get('temperature')]).toEqual(['whisper-1', 'en', '0.2']);

    const slug = await slugCall('voice.stt', {
      model: 'whisper-1',
      audio_base64: audio.toString('base64'),
      format: 'mp3',
      language: 'en',
      temperature: 0.2,
    });
    const record = await expectBilledAsSlug(response.headers.get('x-service-request-id')!, slug);
    expect(data).toEqual({
      text: DEFAULT_TRANSCRIPTION.text,
      usage: { type: 'duration', seconds: DEFAULT_TRANSCRIPTION.seconds, cost: costOf(record) },
    });
  });

  it('transcriptions as text (text/plain, the cost in X-Call-Cost-Usd) and verbose_json (language and duration from the slug’s result)', async () => {
    const file = await toFile(Buffer.from('more fake audio'), 'memo.wav');
    const { data: text, response } = await client.audio.transcriptions
      .create({ model: 'voice.stt/whisper-1', file, response_format: 'text' })
      .withResponse();
    expect(text).toBe(DEFAULT_TRANSCRIPTION.text);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const record = (await gw.auditRecord(response.headers.get('x-service-request-id')!))!;
    expect(record).toMatchObject({ door: 'openai', httpStatus: 200 });
    expect(Number(response.headers.get('x-call-cost-usd'))).toBe(costOf(record));
    expect(((await api.lastForm(PATHS.transcriptions)).get('file') as File).name).toBe('audio.wav');

    const verbose = await client.audio.transcriptions.create({
      model: 'voice.stt/whisper-1',
      file: await toFile(Buffer.from('more fake audio'), 'memo.wav'),
      response_format: 'verbose_json',
    });
    expect(verbose).toMatchObject({
      task: 'transcribe',
      language: DEFAULT_TRANSCRIPTION.language,
      duration: DEFAULT_TRANSCRIPTION.duration,
      text: DEFAULT_TRANSCRIPTION.text,
      usage: { type: 'duration', seconds: DEFAULT_TRANSCRIPTION.seconds },
    });
  });

  it('transcriptions on the simulator: the file’s length gives the audio’s duration (128 kbit/s), billed as the slug call with the same audio', async () => {
    const audio = Buffer.alloc(48_000, 7); // 3 s at 16 bytes a millisecond
    const { data, response } = await client.audio.transcriptions
      .create({ model: 'voice.stt/simulator', file: await toFile(audio, 'a.mp3') })
      .withResponse();
    const slug = await slugCall('voice.stt', { model: 'simulator', audio_base64: audio.toString('base64'), format: 'mp3' });
    expect(data.text).toBe(slug.json.result.transcript);
    const record = await expectBilledAsSlug(response.headers.get('x-service-request-id')!, slug);
    expect(data.usage).toEqual({ type: 'duration', seconds: 3, cost: costOf(record) });
  });

  it('transcriptions: a JSON body is a 415 in OpenAI’s envelope; no file, srt and a bad temperature are 400s naming the field', async () => {
    const json = await fetch(`${gw.url}/api/openai/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'voice.stt/whisper-1', file: 'aGVsbG8=' }),
    });
    expect(json.status).toBe(415);
    const refused = (await json.json()) as any;
    expect(refused).toEqual({
      error: {
        message: expect.stringContaining('multipart/form-data'),
        type: 'invalid_request_error',
        param: null,
        code: 'unsupported_media_type',
        request_id: json.headers.get('x-service-request-id'),
        docs: '/docs/guide/api/errors#unsupported_media_type',
      },
    });
    expect(await gw.auditRecord(refused.error.request_id)).toMatchObject({ door: 'openai', httpStatus: 415 });

    const form = new FormData();
    form.set('model', 'voice.stt/whisper-1');
    const noFile = await fetch(`${gw.url}/api/openai/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect([noFile.status, ((await noFile.json()) as any).error.param]).toEqual([400, 'file']);

    const file = await toFile(Buffer.from('audio'), 'a.mp3');
    const srt = await client.audio.transcriptions
      .create({ model: 'voice.stt/whisper-1', file, response_format: 'srt' })
      .catch((e: unknown) => e);
    expect([(srt as APIError).status, (srt as APIError).code, (srt as APIError).param]).toEqual([
      400,
      'invalid_request',
      'response_format',
    ]);
    const hot = await client.audio.transcriptions
      .create({ model: 'voice.stt/whisper-1', file: await toFile(Buffer.from('audio'), 'a.mp3'), temperature: 3 })
      .catch((e: unknown) => e);
    expect([(hot as APIError).status, (hot as APIError).param]).toEqual([400, 'temperature']);
  });

  it('transcriptions: a file over the body limit is a 413, by its Content-Length or, sent chunked, while it is read', async () => {
    const before = api.received.length;
    const large = await client.audio.transcriptions
      .create({ model: 'voice.stt/whisper-1', file: await toFile(Buffer.alloc(BODY_LIMIT_BYTES + 1), 'big.mp3') })
      .catch((e: unknown) => e);
    expect(large).toBeInstanceOf(APIError);
    expect([(large as APIError).status, (large as APIError).code, (large as APIError).type]).toEqual([
      413,
      'payload_too_large',
      'invalid_request_error',
    ]);

    // No Content-Length: the limit is counted on the bytes as they arrive, and the 413 comes while
    // the body is still open (a gateway that waited for its end would never answer).
    const boundary = 'gateway-test-boundary';
    const { gatewayRequest, response } = await new Promise<{ gatewayRequest: ClientRequest; response: IncomingMessage }>(
      (resolve, reject) => {
        const gatewayRequest = request(`${gw.url}/api/openai/v1/audio/transcriptions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        gatewayRequest.on('response', (response) => resolve({ gatewayRequest, response }));
        gatewayRequest.on('error', reject);
        gatewayRequest.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nvoice.stt/whisper-1\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
        );
        gatewayRequest.write(Buffer.alloc(2 * BODY_LIMIT_BYTES, 1));
      },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    gatewayRequest.destroy();
    expect(response.statusCode).toBe(413);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8')).error).toMatchObject({
      code: 'payload_too_large',
      type: 'invalid_request_error',
    });
    // Neither reached the upstream.
    expect(api.received.length).toBe(before);
  });
});
