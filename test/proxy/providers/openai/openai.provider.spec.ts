import type { UpstreamTarget } from '../../../../src/catalog/upstream';
import { GatewayError } from '../../../../src/common/errors/error-catalog';
import { ProviderError } from '../../../../src/proxy/provider.types';
import { OpenAiProvider } from '../../../../src/proxy/providers/openai/openai.provider';
import {
  chatCompletion,
  contentChunk,
  DEFAULT_EMBEDDING_TOKENS_PER_INPUT,
  DEFAULT_SPEECH,
  DEFAULT_STREAM_TEXT,
  DEFAULT_TRANSCRIPTION,
  errorBody,
  PATHS,
  startOpenAiApi,
  usageChunk,
  usageOf,
  type OpenAiApi,
} from '../../../support/openai-api';
import { providerRequest, streamDeltas, TEST_LIMITS, upstreamTarget } from '../../../support/provider-fixtures';
import { waitFor } from '../../../support/wait-for';

/**
 * The openai kind against a fake OpenAI API speaking the documented wire format (support/openai-api.ts):
 * per operation, what is sent, what the caller gets back in the slug's one shape, and the meters —
 * for whole answers, streams (with the include_usage chunk), streams cut short, and each class of
 * upstream error.
 */

const SECRET_ENV = 'UPSTREAM_SECRET_OPENAI_SPEC';

describe('openai provider kind', () => {
  let api: OpenAiApi;
  let provider: OpenAiProvider;

  beforeAll(async () => {
    process.env[SECRET_ENV] = 'sk-spec';
    api = await startOpenAiApi();
    provider = new OpenAiProvider(TEST_LIMITS);
  });

  afterAll(async () => {
    delete process.env[SECRET_ENV];
    await provider.close();
    await api.close();
  });

  const target = (fields: Partial<UpstreamTarget> = {}) =>
    upstreamTarget({ kind: 'openai', baseUrl: api.url, model: 'gpt-operator', authSecretEnv: SECRET_ENV, ...fields });

  async function failure(promise: Promise<unknown>): Promise<ProviderError> {
    const err = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
    return err;
  }

  describe('text.generate: chat completions', () => {
    it('sends `input` as one user message with the operator model and the key; answers in the slug shape; meters input, cached input and output tokens', async () => {
      const { result, usage } = await provider.call(target(), providerRequest('text.generate', { input: 'Say hello', max_tokens: 50 }));
      expect(result).toEqual({ text: 'Hello there.', finish_reason: 'stop', model: 'gpt-fake-2026-01-01' });
      const sent = api.lastJson(PATHS.chat);
      expect(sent).toEqual({ model: 'gpt-operator', messages: [{ role: 'user', content: 'Say hello' }], max_tokens: 50, stream: false });
      expect(api.last(PATHS.chat).headers.authorization).toBe('Bearer sk-spec');
      // prompt_tokens (1200) include the cached 1000; completion_tokens (300) include the 120 reasoning tokens.
      expect(usage).toEqual({
        meters: { input_tokens: 200n, cached_input_tokens: 1000n, output_tokens: 300n },
        source: 'reported',
        reasoningTokens: 120n,
      });
    });

    it('passes messages (image parts, tool calls and results), tools and tool_choice as they are; forwards temperature, top_p, stop when valid', async () => {
      const messages = [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this image?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
          ],
        },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'look', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'a fox' },
      ];
      const tools = [
        { type: 'function', function: { name: 'weather', description: 'Weather', parameters: { type: 'object', properties: {} } } },
      ];
      const toolChoice = { type: 'function', function: { name: 'weather' } };
      api.reply(PATHS.chat, {
        json: chatCompletion({
          content: null,
          tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
          usage: usageOf({ prompt: 80, completion: 12 }),
        }),
      });
      const { result, usage } = await provider.call(
        target(),
        providerRequest('text.generate', { messages, tools, tool_choice: toolChoice, temperature: 0.2, top_p: 0.9, stop: ['\n\n'] }),
      );
      expect(api.lastJson(PATHS.chat)).toEqual({
        model: 'gpt-operator',
        messages,
        tools,
        tool_choice: toolChoice,
        temperature: 0.2,
        top_p: 0.9,
        stop: ['\n\n'],
        stream: false,
      });
      expect(result).toEqual({
        text: '',
        finish_reason: 'tool_calls',
        model: 'gpt-fake-2026-01-01',
        tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      });
      // No cached tokens reported: no cached meter.
      expect(usage).toEqual({ meters: { input_tokens: 80n, output_tokens: 12n }, source: 'reported' });
    });

    it('leaves out temperature, top_p, stop and max_tokens that OpenAI would refuse', async () => {
      await provider.call(
        target(),
        providerRequest('text.generate', { input: 'x', temperature: 7, top_p: -1, stop: ['a', 'b', 'c', 'd', 'e'], max_tokens: 1.5 }),
      );
      expect(api.lastJson(PATHS.chat)).toEqual({ model: 'gpt-operator', messages: [{ role: 'user', content: 'x' }], stream: false });
    });

    it('serves any other text slug as a chat completion; an input of neither input nor messages is a 400 and nothing is sent', async () => {
      const { result } = await provider.call(target(), providerRequest('text.summarize', { input: 'A long text' }));
      expect((result as { text: string }).text).toBe('Hello there.');
      const before = api.received.length;
      for (const bad of [
        {},
        { input: '' },
        { messages: [] },
        { messages: [{ role: 'robot', content: 'x' }] },
        { input: 'x', messages: [] },
      ]) {
        const err = await provider.call(target(), providerRequest('text.summarize', bad)).catch((e: unknown) => e);
        expect([bad, err instanceof GatewayError && err.code]).toEqual([bad, 'invalid_request']);
      }
      expect(api.received.length).toBe(before);
    });

    it('uses the upstream path when the operator set one, the kind default header and scheme otherwise', async () => {
      api.reply('/custom/chat' as never, { json: chatCompletion({ usage: usageOf({ prompt: 3, completion: 2 }) }) });
      await provider.call(
        target({ path: '/custom/chat', authHeader: 'api-key', authScheme: '' }),
        providerRequest('text.generate', { input: 'x' }),
      );
      const sent = api.received.at(-1)!;
      expect([sent.url, sent.headers['api-key'], sent.headers.authorization]).toEqual(['/custom/chat', 'sk-spec', undefined]);
    });

    it('an answer that is not JSON, or has no choices, is invalid_response (the next upstream is tried)', async () => {
      api.reply(PATHS.chat, { raw: '<html>oops</html>' });
      const notJson = await failure(provider.call(target(), providerRequest('text.generate', { input: 'x' })));
      api.reply(PATHS.chat, { json: { id: 'x', choices: [] } });
      const noChoice = await failure(provider.call(target(), providerRequest('text.generate', { input: 'x' })));
      expect([notJson.kind, notJson.retryable, noChoice.kind, noChoice.retryable]).toEqual([
        'invalid_response',
        true,
        'invalid_response',
        true,
      ]);
    });
  });

  describe('text.generate: streams', () => {
    it('asks for include_usage, relays the text deltas, and meters the usage chunk (empty choices) at the end', async () => {
      const stream = await provider.stream(target(), providerRequest('text.generate', { input: 'Say hello', stream: true }));
      expect(await streamDeltas(stream)).toEqual(DEFAULT_STREAM_TEXT);
      expect(api.lastJson(PATHS.chat)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(api.last(PATHS.chat).headers.accept).toContain('text/event-stream');
      expect(stream.usage()).toEqual({
        meters: { input_tokens: 200n, cached_input_tokens: 1000n, output_tokens: 300n },
        source: 'reported',
        reasoningTokens: 120n,
      });
    });

    it('a stream without a usage chunk is estimated: ~4 characters a token of the prompt and of the generated text', async () => {
      api.reply(PATHS.chat, { events: [contentChunk('abcdefgh'), contentChunk('ijkl', 'stop')] });
      const stream = await provider.stream(target(), providerRequest('text.generate', { input: 'x'.repeat(40), stream: true }));
      expect(await streamDeltas(stream)).toEqual(['abcdefgh', 'ijkl']);
      expect(stream.usage()).toEqual({ meters: { input_tokens: 10n, output_tokens: 3n }, source: 'estimated' });
    });

    it('a client abort mid-stream cancels the upstream and bills the estimate of what was generated so far', async () => {
      const caller = new AbortController();
      api.reply(PATHS.chat, { events: [contentChunk('12345678'), contentChunk('abcd'), contentChunk('never sent')], holdAfter: 2 });
      const stream = await provider.stream(
        target(),
        providerRequest('text.generate', { input: 'y'.repeat(20), stream: true }, caller.signal),
      );
      const iterator = stream.chunks[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual({ delta: '12345678' });
      expect((await iterator.next()).value).toEqual({ delta: 'abcd' });
      const pending = iterator.next();
      const disconnected = api.nextDisconnect();
      caller.abort();
      const err = await failure(pending);
      await disconnected;
      expect(err.kind).toBe('aborted');
      expect(stream.usage()).toEqual({ meters: { input_tokens: 5n, output_tokens: 3n }, source: 'estimated' });
    });

    it('an abort after the usage chunk arrived (before [DONE]) bills what the provider reported', async () => {
      const caller = new AbortController();
      const reported = usageOf({ prompt: 40, completion: 9, cached: 8 });
      api.reply(PATHS.chat, { events: [contentChunk('Hi'), contentChunk(' there', 'stop'), usageChunk(reported)], holdAfter: 3 });
      const stream = await provider.stream(target(), providerRequest('text.generate', { input: 'x', stream: true }, caller.signal));
      const iterator = stream.chunks[Symbol.asyncIterator]();
      await iterator.next();
      await iterator.next();
      const pending = iterator.next();
      // The server sent everything but [DONE]: the pending read takes in the usage chunk, then waits.
      await waitFor('the usage chunk read', () => stream.usage().source === 'reported');
      caller.abort();
      await failure(pending);
      expect(stream.usage()).toEqual({ meters: { input_tokens: 32n, cached_input_tokens: 8n, output_tokens: 9n }, source: 'reported' });
    });

    it('a body that ends cleanly before [DONE] and before any finish_reason was cut short: a broken stream, what was generated billed', async () => {
      api.reply(PATHS.chat, { events: [contentChunk('abcdefgh'), contentChunk('ijkl')], noDone: true });
      const cut = await provider.stream(target(), providerRequest('text.generate', { input: 'x'.repeat(40), stream: true }));
      const iterator = cut.chunks[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual({ delta: 'abcdefgh' });
      expect((await iterator.next()).value).toEqual({ delta: 'ijkl' });
      const err = await failure(iterator.next());
      expect([err.kind, err.message]).toEqual(['connect', 'the openai stream ended before [DONE]']);
      expect(cut.usage()).toEqual({ meters: { input_tokens: 10n, output_tokens: 3n }, source: 'estimated' });
    });

    it('a compatible server that omits [DONE] after the answer finished (finish_reason, or the usage chunk) ends the stream whole', async () => {
      api.reply(PATHS.chat, { events: [contentChunk('abcdefgh'), contentChunk('ijkl', 'stop')], noDone: true });
      const finished = await provider.stream(target(), providerRequest('text.generate', { input: 'x', stream: true }));
      expect(await streamDeltas(finished)).toEqual(['abcdefgh', 'ijkl']);
      const reported = usageOf({ prompt: 40, completion: 9 });
      api.reply(PATHS.chat, { events: [contentChunk('Hi'), usageChunk(reported)], noDone: true });
      const withUsage = await provider.stream(target(), providerRequest('text.generate', { input: 'x', stream: true }));
      expect(await streamDeltas(withUsage)).toEqual(['Hi']);
      expect(withUsage.usage()).toMatchObject({ meters: { input_tokens: 40n, output_tokens: 9n }, source: 'reported' });
    });

    it('tool-call fragments count as generated output for the estimate', async () => {
      const toolDelta = (args: string) => ({
        ...contentChunk(''),
        choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: args } }] }, finish_reason: null }],
      });
      api.reply(PATHS.chat, { events: [contentChunk('ok'), toolDelta('{"city":'), toolDelta('"Paris"}')] });
      const stream = await provider.stream(target(), providerRequest('text.generate', { input: 'wxyz', stream: true }));
      expect(await streamDeltas(stream)).toEqual(['ok']);
      // 2 + 16 characters: 5 tokens.
      expect(stream.usage()).toEqual({ meters: { input_tokens: 1n, output_tokens: 5n }, source: 'estimated' });
    });

    it('an error status before the stream opens is a failure fallback understands', async () => {
      api.reply(PATHS.chat, { status: 429, json: errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded') });
      const limited = await failure(provider.stream(target(), providerRequest('text.generate', { input: 'x', stream: true })));
      api.reply(PATHS.chat, {
        status: 400,
        json: errorBody(
          "This model's maximum context length is 128000 tokens.",
          'invalid_request_error',
          'context_length_exceeded',
          'messages',
        ),
      });
      const tooLong = await failure(provider.stream(target(), providerRequest('text.generate', { input: 'x', stream: true })));
      expect([limited.upstreamStatus, limited.retryable]).toEqual([429, true]);
      expect([tooLong.upstreamStatus, tooLong.rejection, tooLong.retryable]).toEqual([400, 'context_length_exceeded', false]);
    });
  });

  describe('upstream errors', () => {
    const cases: Array<[string, { status: number; json: unknown }, { retryable: boolean; rejection?: string }]> = [
      ['429 rate limit', { status: 429, json: errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded') }, { retryable: true }],
      [
        '429 quota',
        { status: 429, json: errorBody('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota') },
        { retryable: true },
      ],
      ['500', { status: 500, json: errorBody('The server had an error', 'server_error', null) }, { retryable: true }],
      ['503 overloaded', { status: 503, json: errorBody('The engine is currently overloaded', 'server_error', null) }, { retryable: true }],
      [
        '400 context_length_exceeded',
        {
          status: 400,
          json: errorBody(
            "This model's maximum context length is 8192 tokens.",
            'invalid_request_error',
            'context_length_exceeded',
            'messages',
          ),
        },
        { retryable: false, rejection: 'context_length_exceeded' },
      ],
      [
        '400 context length said in words only (a compatible server)',
        {
          status: 400,
          json: {
            error: {
              message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
              type: 'BadRequestError',
              code: 400,
            },
          },
        },
        { retryable: false, rejection: 'context_length_exceeded' },
      ],
      [
        '400 content_policy_violation',
        {
          status: 400,
          json: errorBody(
            'Your request was rejected as a result of our safety system.',
            'invalid_request_error',
            'content_policy_violation',
          ),
        },
        { retryable: false, rejection: 'content_policy_violation' },
      ],
      [
        '400 moderation_blocked (gpt-image-1)',
        {
          status: 400,
          json: errorBody('Your request was rejected by the safety system.', 'image_generation_user_error', 'moderation_blocked'),
        },
        { retryable: false, rejection: 'content_policy_violation' },
      ],
      [
        '400 content_filter (Azure OpenAI)',
        {
          status: 400,
          json: errorBody(
            'The response was filtered due to the prompt triggering content management policy.',
            'invalid_request_error',
            'content_filter',
            'prompt',
          ),
        },
        { retryable: false, rejection: 'content_policy_violation' },
      ],
      [
        '400 other',
        { status: 400, json: errorBody("Invalid value for 'n'", 'invalid_request_error', 'invalid_value', 'n') },
        { retryable: false },
      ],
      [
        '401',
        { status: 401, json: errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key') },
        { retryable: false },
      ],
      [
        '404 model',
        { status: 404, json: errorBody('The model does not exist', 'invalid_request_error', 'model_not_found', 'model') },
        { retryable: false },
      ],
    ];

    it.each(cases)('%s', async (_name, reply, expected) => {
      for (const [slug, path, input] of [
        ['text.generate', PATHS.chat, { input: 'x' }],
        ['media.image', PATHS.images, { prompt: 'a fox' }],
      ] as const) {
        api.reply(path, reply);
        const err = await failure(provider.call(target(), providerRequest(slug, input)));
        expect([slug, err.kind, err.upstreamStatus, err.retryable, err.rejection]).toEqual([
          slug,
          'status',
          reply.status,
          expected.retryable,
          expected.rejection,
        ]);
      }
    });

    it('an error body that is not JSON, or huge, is an ordinary status failure', async () => {
      api.reply(PATHS.chat, { status: 400, raw: 'Bad Request' });
      const plain = await failure(provider.call(target(), providerRequest('text.generate', { input: 'x' })));
      api.reply(PATHS.chat, {
        status: 400,
        raw: JSON.stringify(errorBody('x'.repeat(40_000), 'invalid_request_error', 'context_length_exceeded')),
      });
      const huge = await failure(provider.call(target(), providerRequest('text.generate', { input: 'x' })));
      expect([plain.rejection, plain.retryable, huge.rejection, huge.retryable]).toEqual([undefined, false, undefined, false]);
    });
  });

  describe('text.embed: embeddings', () => {
    it('one string: one vector, metered in input tokens from usage.prompt_tokens', async () => {
      const { result, usage } = await provider.call(
        target({ model: 'text-embedding-3-small' }),
        providerRequest('text.embed', { input: 'hello', dimensions: 256 }),
      );
      expect(api.lastJson(PATHS.embeddings)).toEqual({
        model: 'text-embedding-3-small',
        input: 'hello',
        encoding_format: 'float',
        dimensions: 256,
      });
      expect(result).toEqual({ embedding: [0.1, -0.2, 0.3], dimensions: 3, model: 'text-embedding-fake' });
      expect(usage).toEqual({ meters: { input_tokens: BigInt(DEFAULT_EMBEDDING_TOKENS_PER_INPUT) }, source: 'reported' });
    });

    it('an array: one vector each, placed by index', async () => {
      api.reply(PATHS.embeddings, {
        json: {
          object: 'list',
          data: [
            { object: 'embedding', index: 1, embedding: [2] },
            { object: 'embedding', index: 0, embedding: [1] },
          ],
          model: 'm',
          usage: { prompt_tokens: 9, total_tokens: 9 },
        },
      });
      const { result, usage } = await provider.call(target(), providerRequest('text.embed', { input: ['a', 'b'] }));
      expect(result).toEqual({ embeddings: [[1], [2]], dimensions: 1, model: 'm' });
      expect(usage.meters).toEqual({ input_tokens: 9n });
    });

    it('no usage, or an invalid one, is estimated; a wrong number of vectors is invalid_response; a bad input a 400', async () => {
      api.reply(PATHS.embeddings, { json: { data: [{ index: 0, embedding: [1] }], model: 'm' } });
      expect((await provider.call(target(), providerRequest('text.embed', { input: 'abcdefgh' }))).usage).toEqual({
        meters: { input_tokens: 2n },
        source: 'estimated',
      });
      api.reply(PATHS.embeddings, { json: { data: [{ index: 0, embedding: [1] }], model: 'm', usage: { prompt_tokens: -3 } } });
      expect((await provider.call(target(), providerRequest('text.embed', { input: 'abcd' }))).usage).toEqual({
        meters: { input_tokens: 1n },
        source: 'estimated',
        rejected: '-3',
      });
      api.reply(PATHS.embeddings, { json: { data: [{ index: 0, embedding: [1] }], model: 'm' } });
      expect((await failure(provider.call(target(), providerRequest('text.embed', { input: ['a', 'b'] })))).kind).toBe('invalid_response');
      for (const bad of [{}, { input: '' }, { input: [] }, { input: ['a', 3] }]) {
        const err = await provider.call(target(), providerRequest('text.embed', bad)).catch((e: unknown) => e);
        expect([bad, err instanceof GatewayError && err.code]).toEqual([bad, 'invalid_request']);
      }
    });
  });

  describe('media.image: image generation', () => {
    it('prompt, n, size and the string options go through; meters images = how many came back', async () => {
      const { result, usage } = await provider.call(
        target({ model: 'dall-e-3' }),
        providerRequest('media.image', { prompt: 'a red fox', n: 2, size: '1024x1536', quality: 'hd', style: 7 }),
      );
      expect(api.lastJson(PATHS.images)).toEqual({ model: 'dall-e-3', prompt: 'a red fox', n: 2, size: '1024x1536', quality: 'hd' });
      expect(result).toEqual({
        prompt: 'a red fox',
        images: [
          { url: 'https://images.example/0.png', revised_prompt: 'a revised prompt' },
          { url: 'https://images.example/1.png', revised_prompt: 'a revised prompt' },
        ],
        width: 1024,
        height: 1536,
      });
      expect(usage).toEqual({ meters: { images: 2n }, source: 'reported' });
    });

    it("gpt-image-1's token usage is recorded as input and output tokens beside the images", async () => {
      api.reply(PATHS.images, {
        json: {
          created: 1,
          data: [{ b64_json: 'iVBORw0KGgo=' }],
          size: '1024x1024',
          usage: { input_tokens: 50, output_tokens: 4160, total_tokens: 4210, input_tokens_details: { text_tokens: 50, image_tokens: 0 } },
        },
      });
      const { result, usage } = await provider.call(target({ model: 'gpt-image-1' }), providerRequest('media.image', { prompt: 'a fox' }));
      expect(result).toEqual({ prompt: 'a fox', images: [{ b64_json: 'iVBORw0KGgo=' }], width: 1024, height: 1024 });
      expect(usage).toEqual({ meters: { images: 1n, input_tokens: 50n, output_tokens: 4160n }, source: 'reported' });
    });

    it('no image back bills the images asked for (estimated); invalid token counts are left out and logged', async () => {
      api.reply(PATHS.images, { json: { created: 1, data: [], usage: { input_tokens: 1.5, output_tokens: 10 } } });
      const { usage } = await provider.call(target(), providerRequest('media.image', { prompt: 'a fox', n: 3 }));
      expect(usage).toEqual({ meters: { images: 3n, output_tokens: 10n }, source: 'estimated', rejected: '1.5' });
      for (const bad of [{}, { prompt: '' }, { prompt: 'x', n: 0 }, { prompt: 'x', n: 11 }, { prompt: 'x', n: '2' }]) {
        const err = await provider.call(target(), providerRequest('media.image', bad)).catch((e: unknown) => e);
        expect([bad, err instanceof GatewayError && err.code]).toEqual([bad, 'invalid_request']);
      }
    });
  });

  describe('voice.stt: transcriptions', () => {
    const audio = Buffer.from([0xff, 0xfb, 0x90, 0x00, 0x01, 0x02, 0xfe, 0x80]);

    it('uploads the decoded audio as multipart with verbose_json; meters minutes from usage.seconds (what OpenAI bills)', async () => {
      const { result, usage } = await provider.call(
        target({ model: 'whisper-1' }),
        providerRequest('voice.stt', { audio_base64: audio.toString('base64'), filename: 'call.wav', language: 'en' }),
      );
      const form = await api.lastForm(PATHS.transcriptions);
      const file = form.get('file') as File;
      expect([file.name, Buffer.from(await file.arrayBuffer())]).toEqual(['call.wav', audio]);
      expect([form.get('model'), form.get('response_format'), form.get('language')]).toEqual(['whisper-1', 'verbose_json', 'en']);
      expect(api.last(PATHS.transcriptions).headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(result).toEqual({ transcript: DEFAULT_TRANSCRIPTION.text, duration_ms: 8470, language: 'english' });
      expect(usage).toEqual({ meters: { minutes: 9000n }, source: 'reported' });
    });

    it('without usage, the duration in seconds to the millisecond; without either, the audio size at 128 kbit/s (estimated)', async () => {
      api.reply(PATHS.transcriptions, { json: { task: 'transcribe', language: 'french', duration: 61.2345, text: 'bonjour' } });
      const byDuration = await provider.call(
        target(),
        providerRequest('voice.stt', { audio_base64: audio.toString('base64'), format: 'ogg' }),
      );
      expect((await api.lastForm(PATHS.transcriptions)).get('file')).toHaveProperty('name', 'audio.ogg');
      expect(byDuration.usage).toEqual({ meters: { minutes: 61_235n }, source: 'reported' });
      api.reply(PATHS.transcriptions, { json: { text: 'hi', duration: '8' } });
      const big = Buffer.alloc(160_000, 1);
      const estimated = await provider.call(target(), providerRequest('voice.stt', { audio_base64: big.toString('base64') }));
      expect((await api.lastForm(PATHS.transcriptions)).get('file')).toHaveProperty('name', 'audio.mp3');
      expect(estimated.result).toEqual({ transcript: 'hi', duration_ms: null, language: null });
      expect(estimated.usage).toEqual({ meters: { minutes: 10_000n }, source: 'estimated', rejected: '"8"' });
    });

    it('audio that is not base64, or a file name without an extension, is a 400 and nothing is sent', async () => {
      const before = api.received.length;
      for (const bad of [
        {},
        { audio_base64: 'not base64!' },
        { audio_base64: 'AAAA', filename: 'noext' },
        { audio_base64: 'AAAA', filename: '../x.mp3' },
      ]) {
        const err = await provider.call(target(), providerRequest('voice.stt', bad)).catch((e: unknown) => e);
        expect([bad, err instanceof GatewayError && err.code]).toEqual([bad, 'invalid_request']);
      }
      expect(api.received.length).toBe(before);
    });
  });

  describe('voice.tts: speech', () => {
    it('sends the text, voice and format; the audio comes back in base64; meters the characters of the text', async () => {
      const text = 'Héllo 👋 there';
      const { result, usage } = await provider.call(
        target({ model: 'tts-1' }),
        providerRequest('voice.tts', { text, voice: 'nova', format: 'opus', speed: 1.25 }),
      );
      expect(api.lastJson(PATHS.speech)).toEqual({ model: 'tts-1', input: text, voice: 'nova', response_format: 'opus', speed: 1.25 });
      // The emoji is one character (two UTF-16 units).
      expect(result).toEqual({ audio_base64: DEFAULT_SPEECH.toString('base64'), format: 'opus', characters: 13 });
      expect(usage).toEqual({ meters: { characters: 13n }, source: 'reported' });
    });

    it('defaults to alloy and mp3; a bad format is a 400; an empty answer is invalid_response', async () => {
      await provider.call(target(), providerRequest('voice.tts', { text: 'hi' }));
      expect(api.lastJson(PATHS.speech)).toMatchObject({ voice: 'alloy', response_format: 'mp3' });
      const err = await provider.call(target(), providerRequest('voice.tts', { text: 'hi', format: 'midi' })).catch((e: unknown) => e);
      expect(err instanceof GatewayError && err.code).toBe('invalid_request');
      api.reply(PATHS.speech, { bytes: Buffer.alloc(0) });
      expect((await failure(provider.call(target(), providerRequest('voice.tts', { text: 'hi' })))).kind).toBe('invalid_response');
    });
  });

  describe('slugs the kind does not serve', () => {
    it('are an unsupported failure, never retried, and nothing is sent', async () => {
      const before = api.received.length;
      const ocr = await failure(provider.call(target(), providerRequest('vision.ocr', { image_url: 'https://x.example/a.png' })));
      const video = await failure(provider.call(target(), providerRequest('media.video', { prompt: 'x' })));
      const streamedEmbedding = await failure(provider.stream(target(), providerRequest('text.embed', { input: 'x', stream: true })));
      for (const err of [ocr, video, streamedEmbedding]) expect([err.kind, err.retryable]).toEqual(['unsupported', false]);
      expect(ocr.message).toContain('does not serve vision.ocr');
      expect(api.received.length).toBe(before);
    });
  });
});
