import type { UpstreamTarget } from '../../../../src/catalog/upstream';
import { GatewayError } from '../../../../src/common/errors/error-catalog';
import { ProviderError } from '../../../../src/proxy/provider.types';
import { finishReasonOf } from '../../../../src/proxy/providers/anthropic/anthropic-messages';
import { AnthropicProvider } from '../../../../src/proxy/providers/anthropic/anthropic.provider';
import { ANTHROPIC_TEST_SECRET, AnthropicUpstream, startAnthropicUpstream } from '../../../support/anthropic-upstream';
import {
  deltasBeforeFailure,
  PNG_BASE64,
  streamText,
  takeChunks,
  TEST_LIMITS,
  textRequest,
  upstreamTarget,
} from '../../../support/provider-fixtures';

describe('AnthropicProvider against a fake Messages API', () => {
  let upstream: AnthropicUpstream;
  let provider: AnthropicProvider;

  beforeAll(async () => {
    process.env.UPSTREAM_SECRET_ANTHROPIC_SPEC = ANTHROPIC_TEST_SECRET;
    upstream = await startAnthropicUpstream();
    provider = new AnthropicProvider(TEST_LIMITS);
  });

  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  const target = (fields: Partial<UpstreamTarget> = {}) =>
    upstreamTarget({
      kind: 'anthropic',
      baseUrl: upstream.url,
      authSecretEnv: 'UPSTREAM_SECRET_ANTHROPIC_SPEC',
      model: 'claude-test-1',
      ...fields,
    });

  /** The JSON body of the last request the fake received. */
  const lastBody = () => JSON.parse(upstream.received.at(-1)!.body) as Record<string, any>;

  describe('requests', () => {
    it('sends x-api-key (no scheme) and anthropic-version, to /v1/messages, with the operator’s model and a default max_tokens', async () => {
      await provider.call(target(), textRequest({ input: 'Hello there' }));
      const seen = upstream.received.at(-1)!;
      expect(seen.url).toBe('/v1/messages');
      expect(seen.headers['x-api-key']).toBe(ANTHROPIC_TEST_SECRET);
      expect(seen.headers['anthropic-version']).toBe('2023-06-01');
      expect(seen.headers.authorization).toBeUndefined();
      expect(lastBody()).toEqual({
        model: 'claude-test-1',
        max_tokens: 4096,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }],
      });
    });

    it('translates OpenAI-format messages: system, images, tools, tool_choice, tool calls and their results', async () => {
      await provider.call(
        target(),
        textRequest({
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is in these, and the weather?' },
                { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
                { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg', detail: 'high' } },
              ],
            },
            {
              role: 'assistant',
              content: 'Let me look.',
              tool_calls: [
                { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
                { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } },
              ],
            },
            { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
            { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'rainy' }] },
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
          parallel_tool_calls: false,
          max_tokens: 300,
          temperature: 1.5,
          top_p: 0.9,
          stop: ['END'],
        }),
      );
      expect(lastBody()).toEqual({
        model: 'claude-test-1',
        max_tokens: 300,
        system: 'Be brief.\n\nAnswer in English.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is in these, and the weather?' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
              { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Let me look.' },
              { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
              { type: 'tool_use', id: 'call_2', name: 'weather', input: { city: 'Rome' } },
            ],
          },
          {
            // Both results in the one user message that follows the tool calls.
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' },
              { type: 'tool_result', tool_use_id: 'call_2', content: 'rainy' },
            ],
          },
        ],
        tools: [
          { name: 'weather', description: 'Weather now', input_schema: { type: 'object', properties: { city: { type: 'string' } } } },
          { name: 'clock', input_schema: { type: 'object', properties: {} } },
        ],
        tool_choice: { type: 'tool', name: 'weather', disable_parallel_tool_use: true },
        temperature: 1, // Anthropic's range ends at 1
        top_p: 0.9,
        stop_sequences: ['END'],
      });
    });

    it.each([
      ['auto', { type: 'auto' }],
      ['required', { type: 'any' }],
      ['none', { type: 'none' }],
    ])('tool_choice %s → %j', async (choice, expected) => {
      await provider.call(
        target(),
        textRequest({ input: 'hi', tools: [{ type: 'function', function: { name: 'clock' } }], tool_choice: choice }),
      );
      expect(lastBody().tool_choice).toEqual(expected);
    });

    it('refuses input it cannot translate with invalid_request, before calling the upstream', async () => {
      const before = upstream.received.length;
      for (const input of [
        {},
        { input: '' },
        { input: 'a', messages: [{ role: 'user', content: 'b' }] },
        { messages: [] },
        { messages: [{ role: 'system', content: 'only a system prompt' }] },
        { messages: [{ role: 'wizard', content: 'x' }] },
        { messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] },
        { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'file:///etc/passwd' } }] }] },
        {
          messages: [
            {
              role: 'assistant',
              content: null,
              tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 'not json' } }],
            },
          ],
        },
        { messages: [{ role: 'tool', content: 'x' }] },
        { input: 'x', max_tokens: 0 },
        { input: 'x', max_tokens: 1.5 },
        { input: 'x', temperature: 3 },
        { input: 'x', tools: [{ type: 'retrieval' }] },
        { input: 'x', tools: [{ type: 'function', function: { name: 'a' } }], tool_choice: { type: 'function', function: { name: 'b' } } },
        { input: 'x', stop: [1] },
      ]) {
        const error = await provider.call(target(), textRequest(input)).catch((e: unknown) => e);
        expect([input, error]).toEqual([input, expect.any(GatewayError)]);
        expect((error as GatewayError).code).toBe('invalid_request');
      }
      expect(upstream.received.length).toBe(before);
    });

    it('serves no embeddings nor other categories: a retryable failure, so the next upstream may', async () => {
      const embed = await provider.call(target(), textRequest({ input: 'x' }, { operation: 'embed' })).catch((e: unknown) => e);
      expect(embed).toBeInstanceOf(ProviderError);
      expect((embed as ProviderError).retryable).toBe(true);
    });
  });

  describe('whole answers', () => {
    it('answers in the slug’s one shape and meters input, cache reads, cache writes and output as reported', async () => {
      const { result, usage } = await provider.call(
        target(),
        textRequest({ input: 'chunks=4 input=1200 cache_read=300 cache_write=50 output=450' }),
      );
      expect(result).toEqual({ text: 'word0 word1 word2 word3', finish_reason: 'stop', model: 'claude-test-1' });
      expect(usage).toEqual({
        meters: { input_tokens: 1200n, cached_input_tokens: 300n, cache_write_tokens: 50n, output_tokens: 450n },
        source: 'reported',
      });
    });

    it('null cache counts mean no cache use; a fully cached prompt (input_tokens 0) is still reported', async () => {
      expect((await provider.call(target(), textRequest({ input: 'input=7 output=3' }))).usage).toEqual({
        meters: { input_tokens: 7n, output_tokens: 3n },
        source: 'reported',
      });
      expect((await provider.call(target(), textRequest({ input: 'input=0 cache_read=900 output=3' }))).usage).toEqual({
        meters: { input_tokens: 0n, cached_input_tokens: 900n, output_tokens: 3n },
        source: 'reported',
      });
    });

    it('tool_use blocks come back as tool_calls, finish_reason tool_calls', async () => {
      const { result } = await provider.call(target(), textRequest({ input: 'chunks=1 tool=weather' }));
      expect(result).toEqual({
        text: 'word0',
        finish_reason: 'tool_calls',
        model: 'claude-test-1',
        tool_calls: [{ id: 'toolu_01', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
      });
    });

    it.each([
      ['end_turn', 'stop'],
      ['stop_sequence', 'stop'],
      ['max_tokens', 'length'],
      ['tool_use', 'tool_calls'],
      ['refusal', 'content_filter'],
      ['pause_turn', null],
    ])('stop_reason %s → finish_reason %s', async (stop, finish) => {
      expect(finishReasonOf(stop)).toBe(finish);
      expect(((await provider.call(target(), textRequest({ input: `stop=${stop}` }))).result as any).finish_reason).toBe(finish);
    });

    it('an invalid report is replaced by the estimate, kept for the warning; a missing one is estimated', async () => {
      const negative = await provider.call(target(), textRequest({ input: 'chunks=8 input=-5 output=450' }));
      expect(negative.usage).toEqual({
        meters: { input_tokens: expect.any(BigInt), output_tokens: 450n },
        source: 'estimated',
        rejected: expect.stringContaining('"input_tokens":-5'),
      });
      expect(negative.usage.meters.input_tokens).toBeGreaterThan(0n);

      const fractional = await provider.call(target(), textRequest({ input: 'chunks=8 output=1.5' }));
      // 8 words of output, 47 characters: 12 tokens at ~4 characters per token.
      expect(fractional.usage).toEqual({ meters: { input_tokens: 12n, output_tokens: 12n }, source: 'estimated', rejected: '1.5' });

      const zero = await provider.call(target(), textRequest({ input: 'input=0 output=5' }));
      expect(zero.usage.source).toBe('estimated'); // a prompt of 0 tokens in all is no report

      const missing = await provider.call(target(), textRequest({ input: 'chunks=8 no_usage=1' }));
      expect(missing.usage).toEqual({ meters: { input_tokens: 5n, output_tokens: 12n }, source: 'estimated' });
    });
  });

  describe('streams', () => {
    it('relays text_delta events as chunks and meters message_start’s input with message_delta’s cumulative output', async () => {
      const stream = await provider.stream(
        target(),
        textRequest({ input: 'chunks=5 input=1200 cache_read=300 cache_write=50 output=450', stream: true }),
      );
      expect(lastBody().stream).toBe(true);
      expect(await streamText(stream)).toBe('word0 word1 word2 word3 word4');
      expect(stream.usage()).toEqual({
        meters: { input_tokens: 1200n, cached_input_tokens: 300n, cache_write_tokens: 50n, output_tokens: 450n },
        source: 'reported',
      });
    });

    it('a tool call in a stream is metered but not relayed as text', async () => {
      const stream = await provider.stream(target(), textRequest({ input: 'chunks=2 tool=weather output=40' }));
      expect(await streamText(stream)).toBe('word0 word1');
      expect(stream.usage()).toEqual({ meters: { input_tokens: 12n, output_tokens: 40n }, source: 'reported' });
    });

    it('a client abort mid-stream cancels the upstream; input is billed as reported, output estimated from what was generated', async () => {
      const controller = new AbortController();
      const stream = await provider.stream(
        target(),
        textRequest({ input: 'chunks=200 interval=5 input=1200 cache_read=300 start_output=1' }, { signal: controller.signal }),
      );
      const disconnected = upstream.nextClientDisconnect();
      const chunks = await takeChunks(stream, 3);
      controller.abort();
      await disconnected;
      expect(chunks.map((c) => c.delta)).toEqual(['word0', ' word1', ' word2']);
      // 17 characters generated: 5 tokens at ~4 characters per token (more than message_start's 1).
      expect(stream.usage()).toEqual({
        meters: { input_tokens: 1200n, cached_input_tokens: 300n, output_tokens: 5n },
        source: 'estimated',
      });
    });

    it('an error event mid-stream (overloaded_error) fails the stream as a retryable 529; what was generated is billed', async () => {
      const stream = await provider.stream(target(), textRequest({ input: 'chunks=6 error_after=2 input=100' }));
      const { deltas, error } = await deltasBeforeFailure(stream);
      expect(deltas).toEqual(['word0', ' word1']);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'status', upstreamStatus: 529, retryable: true });
      expect(stream.usage()).toEqual({ meters: { input_tokens: 100n, output_tokens: 3n }, source: 'estimated' });
    });

    it('a stream that ends without message_stop, or whose connection dies, is a broken stream', async () => {
      const unfinished = await provider.stream(target(), textRequest({ input: 'chunks=2 no_stop=1' }));
      await expect(streamText(unfinished)).rejects.toMatchObject({ kind: 'connect' });
      const cut = await provider.stream(target(), textRequest({ input: 'chunks=4 cut_after=2 input=30' }));
      await expect(streamText(cut)).rejects.toMatchObject({ kind: 'connect' });
      expect(cut.usage()).toEqual({ meters: { input_tokens: 30n, output_tokens: 3n }, source: 'estimated' });
    });

    it('a failure status before the stream opens is a failure of the call (fallback applies)', async () => {
      await expect(provider.stream(target(), textRequest({ input: 'fail=overloaded', stream: true }))).rejects.toMatchObject({
        kind: 'status',
        upstreamStatus: 529,
        retryable: true,
      });
    });
  });

  describe('errors', () => {
    it.each([
      ['rate_limit', 429],
      ['overloaded', 529],
      ['server', 500],
    ])('%s (%i) is retryable on the next upstream', async (fail, status) => {
      const error = await provider.call(target(), textRequest({ input: `fail=${fail}` })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ kind: 'status', upstreamStatus: status, retryable: true, rejection: undefined });
    });

    it('“prompt is too long” is context_length_exceeded; the content filtering policy is content_policy_violation; never retried', async () => {
      const tooLong = await provider.call(target(), textRequest({ input: 'fail=too_long' })).catch((e: unknown) => e);
      expect(tooLong).toMatchObject({ upstreamStatus: 400, rejection: 'context_length_exceeded', retryable: false });
      const filtered = await provider.call(target(), textRequest({ input: 'fail=content_filter' })).catch((e: unknown) => e);
      expect(filtered).toMatchObject({ upstreamStatus: 400, rejection: 'content_policy_violation', retryable: false });
    });

    it('other 4xx are final: another invalid request, a wrong key', async () => {
      const invalid = await provider.call(target(), textRequest({ input: 'fail=invalid' })).catch((e: unknown) => e);
      expect(invalid).toMatchObject({ upstreamStatus: 400, rejection: undefined, retryable: false });
      const unauthorized = await provider.call(target({ authSecretEnv: null }), textRequest({ input: 'hi' })).catch((e: unknown) => e);
      expect(unauthorized).toMatchObject({ upstreamStatus: 401, retryable: false });
      expect((unauthorized as Error).message).toContain('authentication_error');
    });
  });
});
