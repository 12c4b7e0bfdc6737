import type { UpstreamTarget } from '../../../../src/catalog/upstream';
import { GatewayError } from '../../../../src/common/errors/error-catalog';
import { ProviderError } from '../../../../src/proxy/provider.types';
import { finishReasonOf } from '../../../../src/proxy/providers/gemini/gemini-content';
import { GeminiProvider } from '../../../../src/proxy/providers/gemini/gemini.provider';
import { GEMINI_TEST_SECRET, GeminiUpstream, startGeminiUpstream } from '../../../support/gemini-upstream';
import {
  deltasBeforeFailure,
  PNG_BASE64,
  streamText,
  takeChunks,
  TEST_LIMITS,
  textRequest,
  upstreamTarget,
} from '../../../support/provider-fixtures';

describe('GeminiProvider against a fake Gemini API', () => {
  let upstream: GeminiUpstream;
  let provider: GeminiProvider;

  beforeAll(async () => {
    process.env.UPSTREAM_SECRET_GEMINI_SPEC = GEMINI_TEST_SECRET;
    upstream = await startGeminiUpstream();
    provider = new GeminiProvider(TEST_LIMITS);
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  const target = (fields: Partial<UpstreamTarget> = {}) =>
    upstreamTarget({
      kind: 'gemini',
      baseUrl: upstream.url,
      authSecretEnv: 'UPSTREAM_SECRET_GEMINI_SPEC',
      model: 'gemini-test',
      ...fields,
    });

  const lastBody = () => JSON.parse(upstream.received.at(-1)!.body) as Record<string, any>;

  describe('requests', () => {
    it('calls generateContent of the operator’s model with x-goog-api-key (no scheme); the caller’s input is one user content', async () => {
      await provider.call(target(), textRequest({ input: 'Hello there' }));
      const seen = upstream.received.at(-1)!;
      expect(seen.url).toBe('/v1beta/models/gemini-test:generateContent');
      expect(seen.headers['x-goog-api-key']).toBe(GEMINI_TEST_SECRET);
      expect(seen.headers.authorization).toBeUndefined();
      expect(lastBody()).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hello there' }] }] });
    });

    it('translates OpenAI-format messages: system instruction, images, tools, tool_choice, tool calls and results, generation config', async () => {
      await provider.call(
        target(),
        textRequest({
          messages: [
            { role: 'system', content: 'Be brief.' },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is in this, and the weather?' },
                { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
                { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
              ],
            },
            {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
                { id: 'call_2', type: 'function', function: { name: 'clock', arguments: '{}' } },
              ],
            },
            { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"sunny"}' },
            { role: 'tool', tool_call_id: 'call_2', content: '12:00' },
          ],
          tools: [
            {
              type: 'function',
              function: {
                name: 'weather',
                description: 'Weather now',
                parameters: { type: 'object', properties: { city: { type: 'string' } } },
              },
            },
            { type: 'function', function: { name: 'clock' } },
          ],
          tool_choice: { type: 'function', function: { name: 'weather' } },
          max_tokens: 300,
          temperature: 1.5,
          top_p: 0.9,
          stop: 'END',
        }),
      );
      expect(lastBody()).toEqual({
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          {
            role: 'user',
            parts: [
              { text: 'What is in this, and the weather?' },
              { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
              { fileData: { fileUri: 'https://example.com/cat.jpg' } },
            ],
          },
          {
            role: 'model',
            parts: [{ functionCall: { name: 'weather', args: { city: 'Paris' } } }, { functionCall: { name: 'clock', args: {} } }],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'weather', response: { output: { sky: 'sunny' } } } },
              { functionResponse: { name: 'clock', response: { output: '12:00' } } },
            ],
          },
        ],
        tools: [
          {
            functionDeclarations: [
              {
                name: 'weather',
                description: 'Weather now',
                parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
              },
              { name: 'clock' },
            ],
          },
        ],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } },
        generationConfig: { maxOutputTokens: 300, temperature: 1.5, topP: 0.9, stopSequences: ['END'] },
      });
    });

    it.each([
      ['auto', { mode: 'AUTO' }],
      ['required', { mode: 'ANY' }],
      ['none', { mode: 'NONE' }],
    ])('tool_choice %s → %j', async (choice, expected) => {
      await provider.call(
        target(),
        textRequest({ input: 'hi', tools: [{ type: 'function', function: { name: 'clock' } }], tool_choice: choice }),
      );
      expect(lastBody().toolConfig).toEqual({ functionCallingConfig: expected });
    });

    it('a tool result that answers no earlier tool call cannot be named for Gemini: invalid_request, before calling', async () => {
      const before = upstream.received.length;
      const error = await provider
        .call(
          target(),
          textRequest({
            messages: [
              { role: 'user', content: 'hi' },
              { role: 'tool', tool_call_id: 'nope', content: 'x' },
            ],
          }),
        )
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).code).toBe('invalid_request');
      expect(upstream.received.length).toBe(before);
    });

    it('a model given as a resource name is used whole (tunedModels/…); a bare name goes under models/', async () => {
      await provider.call(target({ model: 'models/gemini-test' }), textRequest({ input: 'hi' }));
      expect(upstream.received.at(-1)!.url).toBe('/v1beta/models/gemini-test:generateContent');
    });
  });

  describe('whole answers', () => {
    it('answers in the slug’s one shape; input = prompt − cached, cached input, output = candidates + thoughts', async () => {
      const { result, usage } = await provider.call(
        target(),
        textRequest({ input: 'chunks=4 prompt=1500 cached=300 candidates=400 thoughts=50' }),
      );
      expect(result).toEqual({ text: 'word0 word1 word2 word3', finish_reason: 'stop', model: 'gemini-test-001' });
      expect(usage).toEqual({ meters: { input_tokens: 1200n, cached_input_tokens: 300n, output_tokens: 450n }, source: 'reported' });
    });

    it('counts Gemini leaves out are 0; tool-use prompt tokens are input', async () => {
      expect((await provider.call(target(), textRequest({ input: 'prompt=20 candidates=5' }))).usage).toEqual({
        meters: { input_tokens: 20n, output_tokens: 5n },
        source: 'reported',
      });
      expect((await provider.call(target(), textRequest({ input: 'prompt=20 tool_prompt=30 candidates=5' }))).usage).toEqual({
        meters: { input_tokens: 50n, output_tokens: 5n },
        source: 'reported',
      });
    });

    it('thought parts are not the answer; functionCall parts are tool_calls with finish_reason tool_calls', async () => {
      const { result } = await provider.call(target(), textRequest({ input: 'chunks=1 thought=1 tool=weather' }));
      expect(result).toEqual({
        text: 'word0',
        finish_reason: 'tool_calls',
        model: 'gemini-test-001',
        tool_calls: [{ id: 'call_0', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      });
    });

    it.each([
      ['STOP', 'stop'],
      ['MAX_TOKENS', 'length'],
      ['SAFETY', 'content_filter'],
      ['RECITATION', 'content_filter'],
      ['PROHIBITED_CONTENT', 'content_filter'],
      ['BLOCKLIST', 'content_filter'],
      ['MALFORMED_FUNCTION_CALL', null],
    ])('finishReason %s → finish_reason %s', async (reason, finish) => {
      expect(finishReasonOf(reason, false)).toBe(finish);
      expect(((await provider.call(target(), textRequest({ input: `finish=${reason}` }))).result as any).finish_reason).toBe(finish);
    });

    it('a prompt blocked by Gemini (promptFeedback.blockReason) is content_policy_violation, never retried', async () => {
      const error = await provider.call(target(), textRequest({ input: 'fail=blocked' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ rejection: 'content_policy_violation', retryable: false });
    });

    it('invalid or missing usage is estimated; a report of cached over prompt is invalid', async () => {
      // 8 words of output, 47 characters: 12 tokens at ~4 characters per token.
      const invalid = await provider.call(target(), textRequest({ input: 'chunks=8 prompt=-3 candidates=40' }));
      expect(invalid.usage).toEqual({
        meters: { input_tokens: 8n, output_tokens: 40n },
        source: 'estimated',
        rejected: expect.stringContaining('"promptTokenCount":-3'),
      });
      const overCached = await provider.call(target(), textRequest({ input: 'prompt=10 cached=11 candidates=4' }));
      expect(overCached.usage.source).toBe('estimated');
      const fractional = await provider.call(target(), textRequest({ input: 'chunks=8 prompt=100 candidates=2.5' }));
      expect(fractional.usage).toMatchObject({ meters: { input_tokens: 100n, output_tokens: 12n }, source: 'estimated' });
      const missing = await provider.call(target(), textRequest({ input: 'chunks=8 no_usage=1' }));
      expect(missing.usage).toEqual({ meters: { input_tokens: 5n, output_tokens: 12n }, source: 'estimated' });
      // No output count for an answer that generated text would bill it as free: estimated.
      const noOutput = await provider.call(target(), textRequest({ input: 'chunks=8 prompt=100 candidates=0' }));
      expect(noOutput.usage).toEqual({ meters: { input_tokens: 100n, output_tokens: 12n }, source: 'estimated' });
    });
  });

  describe('streams', () => {
    it('calls streamGenerateContent?alt=sse and relays each event’s text; the last usageMetadata is complete', async () => {
      const stream = await provider.stream(
        target(),
        textRequest({ input: 'chunks=5 prompt=1500 cached=300 candidates=400 thoughts=50', stream: true }),
      );
      expect(upstream.received.at(-1)!.url).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse');
      expect(await streamText(stream)).toBe('word0 word1 word2 word3 word4');
      expect(stream.usage()).toEqual({
        meters: { input_tokens: 1200n, cached_input_tokens: 300n, output_tokens: 450n },
        source: 'reported',
      });
    });

    it('a client abort mid-stream cancels the upstream and bills the usage reported so far', async () => {
      const controller = new AbortController();
      const stream = await provider.stream(
        target(),
        textRequest({ input: 'chunks=200 interval=5 prompt=1500' }, { signal: controller.signal }),
      );
      const disconnected = upstream.nextClientDisconnect();
      const chunks = await takeChunks(stream, 3);
      controller.abort();
      await disconnected;
      expect(chunks.map((c) => c.delta)).toEqual(['word0', ' word1', ' word2']);
      // The third event reported 3 candidate tokens so far.
      expect(stream.usage()).toEqual({ meters: { input_tokens: 1500n, output_tokens: 3n }, source: 'reported' });
    });

    it('a client abort of a stream without usage bills the estimate', async () => {
      const stream = await provider.stream(target(), textRequest({ input: 'chunks=200 interval=5 no_usage=1' }));
      const disconnected = upstream.nextClientDisconnect();
      await takeChunks(stream, 3);
      await disconnected;
      // 32 characters of prompt, 17 generated.
      expect(stream.usage()).toEqual({ meters: { input_tokens: 8n, output_tokens: 5n }, source: 'estimated' });
    });

    it('an error event mid-stream fails the stream (503: retryable); a body that ends without finishReason is broken', async () => {
      const failing = await provider.stream(target(), textRequest({ input: 'chunks=6 error_after=2 prompt=40' }));
      const { deltas, error } = await deltasBeforeFailure(failing);
      expect(deltas).toEqual(['word0', ' word1']);
      expect(error).toMatchObject({ kind: 'status', upstreamStatus: 503, retryable: true });
      expect(failing.usage()).toEqual({ meters: { input_tokens: 40n, output_tokens: 2n }, source: 'reported' });

      const unfinished = await provider.stream(target(), textRequest({ input: 'chunks=2 no_finish=1' }));
      await expect(streamText(unfinished)).rejects.toMatchObject({ kind: 'connect' });
      const cut = await provider.stream(target(), textRequest({ input: 'chunks=4 cut_after=2' }));
      await expect(streamText(cut)).rejects.toMatchObject({ kind: 'connect' });
    });

    it('a blocked prompt fails before the first chunk (content_policy_violation)', async () => {
      const stream = await provider.stream(target(), textRequest({ input: 'fail=blocked' }));
      await expect(streamText(stream)).rejects.toMatchObject({ rejection: 'content_policy_violation' });
    });
  });

  describe('errors', () => {
    it.each([
      ['rate_limit', 429],
      ['server', 500],
      ['unavailable', 503],
    ])('%s (%i) is retryable on the next upstream', async (fail, status) => {
      const error = await provider.call(target(), textRequest({ input: `fail=${fail}` })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'status', upstreamStatus: status, retryable: true, rejection: undefined });
      await expect(provider.stream(target(), textRequest({ input: `fail=${fail}` }))).rejects.toMatchObject({
        upstreamStatus: status,
        retryable: true,
      });
    });

    it('“input token count exceeds the maximum” is context_length_exceeded, never retried; other 4xx are final', async () => {
      const tooLong = await provider.call(target(), textRequest({ input: 'fail=too_long' })).catch((e: unknown) => e);
      expect(tooLong).toMatchObject({ upstreamStatus: 400, rejection: 'context_length_exceeded', retryable: false });
      const invalid = await provider.call(target(), textRequest({ input: 'fail=invalid' })).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ upstreamStatus: 400, rejection: undefined, retryable: false });
      const forbidden = await provider.call(target({ authSecretEnv: null }), textRequest({ input: 'hi' })).catch((e: unknown) => e);
      expect(forbidden).toMatchObject({ upstreamStatus: 403, retryable: false });
    });
  });

  describe('embeddings (text.embed)', () => {
    const embed = (input: unknown, fields: Partial<UpstreamTarget> = {}) =>
      provider.call(target({ model: 'embed-test', ...fields }), textRequest({ input }, { operation: 'embed' }));

    it('a string: embedContent; its usage estimated (Gemini reports none)', async () => {
      const { result, usage } = await embed('hello world, twenty!');
      expect(upstream.received.at(-1)!.url).toBe('/v1beta/models/embed-test:embedContent');
      expect(lastBody()).toEqual({ content: { parts: [{ text: 'hello world, twenty!' }] } });
      expect(result).toEqual({ embedding: [2, 0.5, -0.25], dimensions: 3, model: 'embed-test' });
      expect(usage).toEqual({ meters: { input_tokens: 5n }, source: 'estimated' });
    });

    it('an array: batchEmbedContents, one vector per text; dimensions as outputDimensionality', async () => {
      const { result, usage } = await provider.call(
        target({ model: 'embed-test' }),
        textRequest({ input: ['abcd', 'abcdefgh'], dimensions: 3 }, { operation: 'embed' }),
      );
      expect(upstream.received.at(-1)!.url).toBe('/v1beta/models/embed-test:batchEmbedContents');
      expect(lastBody()).toEqual({
        requests: [
          { model: 'models/embed-test', content: { parts: [{ text: 'abcd' }] }, outputDimensionality: 3 },
          { model: 'models/embed-test', content: { parts: [{ text: 'abcdefgh' }] }, outputDimensionality: 3 },
        ],
      });
      expect(result).toEqual({
        embeddings: [
          [0.4, 0.5, -0.25],
          [0.8, 0.5, -0.25],
        ],
        dimensions: 3,
        model: 'embed-test',
      });
      expect(usage).toEqual({ meters: { input_tokens: 3n }, source: 'estimated' });
    });

    it('refuses input that is not text with invalid_request', async () => {
      for (const input of [undefined, '', [], [''], [1], { text: 'x' }]) {
        await expect(embed(input)).rejects.toMatchObject({ code: 'invalid_request' });
      }
    });
  });
});
