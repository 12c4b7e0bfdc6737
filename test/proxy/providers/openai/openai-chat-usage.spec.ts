import { chatUsage } from '../../../../src/proxy/providers/openai/openai-chat';
import { rejectionOf } from '../../../../src/proxy/providers/openai/openai-errors';

/**
 * OpenAI's chat usage as meters, each number untrusted (shared/usage.ts): prompt_tokens include the
 * cached tokens, completion_tokens the reasoning tokens. The input is 40 characters (10 tokens
 * estimated) and 20 characters were generated (5 tokens estimated).
 */
describe('openai chat usage', () => {
  const input = { input: 'x'.repeat(40) };
  const usage = (report: unknown) => chatUsage(report, input, 20);
  const details = (cached: unknown) => ({ cached_tokens: cached, audio_tokens: 0 });

  it('splits the prompt into uncached and cached input; output includes reasoning', () => {
    expect(
      usage({
        prompt_tokens: 2006,
        completion_tokens: 300,
        total_tokens: 2306,
        prompt_tokens_details: details(1920),
        completion_tokens_details: { reasoning_tokens: 256 },
      }),
    ).toEqual({
      meters: { input_tokens: 86n, cached_input_tokens: 1920n, output_tokens: 300n },
      source: 'reported',
      // Shown apart (the OpenAI door's completion_tokens_details), billed once inside output_tokens.
      reasoningTokens: 256n,
    });
    // Reasoning counts that are invalid, zero or more than the completion are not shown; the bill is the same.
    for (const reasoning of [-1, 0, 301, 'many', 2.5]) {
      const report = usage({ prompt_tokens: 10, completion_tokens: 300, completion_tokens_details: { reasoning_tokens: reasoning } });
      expect([reasoning, report]).toEqual([reasoning, { meters: { input_tokens: 10n, output_tokens: 300n }, source: 'reported' }]);
    }
    // Everything cached: no uncached input, still reported.
    expect(usage({ prompt_tokens: 64, completion_tokens: 0, prompt_tokens_details: details(64) })).toEqual({
      meters: { input_tokens: 0n, cached_input_tokens: 64n, output_tokens: 0n },
      source: 'reported',
    });
    // No details, or details without cached_tokens: nothing cached.
    expect(usage({ prompt_tokens: 5, completion_tokens: 7 }).meters).toEqual({ input_tokens: 5n, output_tokens: 7n });
    expect(usage({ prompt_tokens: 5, completion_tokens: 7, prompt_tokens_details: {} }).meters).toEqual({
      input_tokens: 5n,
      output_tokens: 7n,
    });
  });

  it('cached tokens that are invalid or more than the prompt count as no cached report: every prompt token is input, estimated', () => {
    for (const cached of [3000, -1, 1.5, '10', 1e300]) {
      expect([cached, usage({ prompt_tokens: 2000, completion_tokens: 10, prompt_tokens_details: details(cached) })]).toEqual([
        cached,
        { meters: { input_tokens: 2000n, output_tokens: 10n }, source: 'estimated', rejected: JSON.stringify(cached) },
      ]);
    }
  });

  it('an invalid prompt or completion count is estimated on its own, the other kept', () => {
    expect(usage({ prompt_tokens: '12', completion_tokens: 9 })).toEqual({
      meters: { input_tokens: 10n, output_tokens: 9n },
      source: 'estimated',
      rejected: '"12"',
    });
    // A prompt of 0 would make the input free: no report.
    expect(usage({ prompt_tokens: 0, completion_tokens: 9 })).toEqual({
      meters: { input_tokens: 10n, output_tokens: 9n },
      source: 'estimated',
      rejected: '0',
    });
    expect(usage({ prompt_tokens: 12, completion_tokens: -4 })).toEqual({
      meters: { input_tokens: 12n, output_tokens: 5n },
      source: 'estimated',
      rejected: '-4',
    });
    expect(usage({ prompt_tokens: 12, completion_tokens: null })).toEqual({
      meters: { input_tokens: 12n, output_tokens: 5n },
      source: 'estimated',
    });
  });

  it('a bare total_tokens (some compatible servers) is one tokens quantity; no usage at all is estimated', () => {
    expect(usage({ total_tokens: 42 })).toEqual({ meters: { tokens: 42n }, source: 'reported' });
    expect(usage({ total_tokens: 0 })).toEqual({ meters: { input_tokens: 10n, output_tokens: 5n }, source: 'estimated', rejected: '0' });
    expect(usage({})).toEqual({ meters: { input_tokens: 10n, output_tokens: 5n }, source: 'estimated' });
    expect(usage(undefined)).toEqual({ meters: { input_tokens: 10n, output_tokens: 5n }, source: 'estimated' });
    expect(usage(null)).toEqual({ meters: { input_tokens: 10n, output_tokens: 5n }, source: 'estimated' });
    expect(usage('lots')).toEqual({ meters: { input_tokens: 10n, output_tokens: 5n }, source: 'estimated', rejected: '"lots"' });
    // Nothing generated: no output estimate.
    expect(chatUsage(undefined, input, 0).meters).toEqual({ input_tokens: 10n, output_tokens: 0n });
  });

  it('messages are estimated from the whole input as JSON', () => {
    const messages = { messages: [{ role: 'user', content: 'hi' }] };
    expect(chatUsage(undefined, messages, 0).meters.input_tokens).toBe(BigInt(Math.ceil(JSON.stringify(messages).length / 4)));
  });

  it("reads a refusal's reason from OpenAI's error body only", () => {
    expect(rejectionOf({ error: { code: 'context_length_exceeded' } })).toBe('context_length_exceeded');
    expect(rejectionOf({ error: { code: 'moderation_blocked' } })).toBe('content_policy_violation');
    expect(rejectionOf({ error: { message: 'over the maximum context length' } })).toBe('context_length_exceeded');
    expect([
      rejectionOf({ error: { code: 'invalid_value' } }),
      rejectionOf({ code: 'content_filter' }),
      rejectionOf(null),
      rejectionOf('x'),
    ]).toEqual([undefined, undefined, undefined, undefined]);
  });
});
