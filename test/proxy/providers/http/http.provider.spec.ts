import type { ServerResponse } from 'node:http';
import { defineUpstream, toUpstreamTarget, type UpstreamTarget } from '../../../../src/catalog/upstream';
import type { UsageMapping } from '../../../../src/catalog/usage-mapping';
import type { BillingUnit, Category } from '../../../../src/generated/prisma/enums';
import type { ProviderRequest } from '../../../../src/proxy/provider.types';
import { HttpProvider } from '../../../../src/proxy/providers/http/http.provider';
import { sendJson, startUpstream, type TestUpstream } from '../../../support/upstream-server';

/**
 * The generic http kind against a real local server: its usage mapping (from a JSON pointer or a
 * header, converted to the meter's base measure, required or optional) and, without a mapping, the
 * generic contract (`usage.quantity` / `usage.total_tokens`).
 */

/** What the test server answers next: a JSON body and extra headers. */
let answer: { body: unknown; headers?: Record<string, string | string[]> } = { body: {} };

function respond(res: ServerResponse): void {
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  sendJson(res, 200, answer.body);
}

function target(upstream: TestUpstream, usageMapping: UsageMapping | null): UpstreamTarget {
  const { enabled: _enabled, ...definition } = defineUpstream({ name: 'mapped', kind: 'http', baseUrl: upstream.url, usageMapping });
  return { id: 'u1', ...definition };
}

function request(slug: string, billingUnit: BillingUnit, input: Record<string, unknown> = { audio_base64: 'AAAA' }): ProviderRequest {
  const [category, operation] = slug.split('.');
  return {
    slug,
    category: category as Category,
    operation,
    billingUnit,
    method: 'POST',
    input,
    requestId: 'r1',
    signal: new AbortController().signal,
  };
}

describe('HttpProvider usage mapping', () => {
  let upstream: TestUpstream;
  const provider = new HttpProvider({ maxResponseBytes: 1_048_576, deadlineMs: 10_000 });
  const stt = request('voice.stt', 'minute');

  beforeAll(async () => {
    upstream = await startUpstream((_req, res) => respond(res));
  });
  afterAll(async () => {
    await provider.close();
    await upstream.close();
  });

  const seconds: UsageMapping = [{ meter: 'minutes', from: { pointer: '/usage/seconds' }, unit: 'seconds', required: true }];

  it('reads a body quantity through a JSON pointer and converts seconds to milliseconds exactly', async () => {
    answer = { body: { text: 'hello', usage: { seconds: 2400 } } };
    const forty = await provider.call(target(upstream, seconds), stt);
    // 40 minutes of transcription are 40 minutes, not the one-minute estimate.
    expect(forty).toEqual({ result: answer.body, usage: { meters: { minutes: 2_400_000n }, source: 'reported' } });

    answer = { body: { usage: { seconds: 12.5 } } };
    expect((await provider.call(target(upstream, seconds), stt)).usage).toEqual({ meters: { minutes: 12_500n }, source: 'reported' });
    // A fraction of a millisecond rounds up; 0.1 + 0.2 style binary noise never reaches BigInt.
    answer = { body: { usage: { seconds: 1.0004 } } };
    expect((await provider.call(target(upstream, seconds), stt)).usage.meters).toEqual({ minutes: 1_001n });
    answer = { body: { usage: { seconds: 0.30000000000000004 } } };
    expect((await provider.call(target(upstream, seconds), stt)).usage.meters).toEqual({ minutes: 301n });
  });

  it('reads a quantity from a response header, a decimal string', async () => {
    const fromHeader: UsageMapping = [{ meter: 'minutes', from: { header: 'X-Usage-Seconds' }, unit: 'seconds', required: true }];
    answer = { body: { text: 'hi' }, headers: { 'x-usage-seconds': '90.25' } };
    expect((await provider.call(target(upstream, fromHeader), stt)).usage).toEqual({ meters: { minutes: 90_250n }, source: 'reported' });
    answer = { body: { text: 'hi' }, headers: { 'x-usage-seconds': ' 7 ' } };
    expect((await provider.call(target(upstream, fromHeader), stt)).usage.meters).toEqual({ minutes: 7_000n });
  });

  it('converts each unit of the closed set: minutes and hours to ms, characters to tokens (4 to a token, rounded up)', async () => {
    const mapping: UsageMapping = [
      { meter: 'minutes', from: { pointer: '/m' }, unit: 'minutes', required: true },
      { meter: 'input_tokens', from: { pointer: '/chars' }, unit: 'characters', required: true },
      { meter: 'output_tokens', from: { pointer: '/out' }, unit: 'tokens', required: true },
      { meter: 'characters', from: { pointer: '/spoken' }, unit: 'characters', required: true },
    ];
    answer = { body: { m: 1.5, chars: 5, out: 12, spoken: 1234 } };
    expect((await provider.call(target(upstream, mapping), request('text.generate', 'tokens_1k'))).usage).toEqual({
      meters: { minutes: 90_000n, input_tokens: 2n, output_tokens: 12n, characters: 1234n },
      source: 'reported',
    });
    const hours: UsageMapping = [{ meter: 'minutes', from: { pointer: '/h' }, unit: 'hours', required: true }];
    answer = { body: { h: 0.5 } };
    expect((await provider.call(target(upstream, hours), stt)).usage.meters).toEqual({ minutes: 1_800_000n });
  });

  it('estimates a required meter that is missing (usage_source estimated), and omits an optional one', async () => {
    const mapping: UsageMapping = [
      { meter: 'minutes', from: { pointer: '/usage/seconds' }, unit: 'seconds', required: true },
      { meter: 'characters', from: { header: 'x-characters' }, unit: 'characters', required: false },
    ];
    answer = { body: { text: 'no usage here' } };
    expect((await provider.call(target(upstream, mapping), stt)).usage).toEqual({ meters: { minutes: 60_000n }, source: 'estimated' });
    // A JSON null is no report, like a missing field.
    answer = { body: { usage: { seconds: null } } };
    expect((await provider.call(target(upstream, mapping), stt)).usage).toEqual({ meters: { minutes: 60_000n }, source: 'estimated' });
    // The optional meter, when there, is reported; the required one is still estimated.
    answer = { body: {}, headers: { 'x-characters': '321' } };
    expect((await provider.call(target(upstream, mapping), stt)).usage).toEqual({
      meters: { minutes: 60_000n, characters: 321n },
      source: 'estimated',
    });
    answer = { body: { usage: { seconds: 3 } } };
    expect((await provider.call(target(upstream, mapping), stt)).usage).toEqual({ meters: { minutes: 3_000n }, source: 'reported' });
  });

  it('estimates each meter as the one table says (tokens of input and output JSON, 60 s, one item)', async () => {
    const mapping: UsageMapping = [
      { meter: 'input_tokens', from: { pointer: '/usage/in' }, unit: 'tokens', required: true },
      { meter: 'output_tokens', from: { pointer: '/usage/out' }, unit: 'tokens', required: true },
      { meter: 'cached_input_tokens', from: { pointer: '/usage/cached' }, unit: 'tokens', required: true },
      { meter: 'images', from: { pointer: '/usage/images' }, unit: 'images', required: true },
    ];
    const input = { input: 'x'.repeat(38) }; // {"input":"xxx…"} is 50 characters: 13 tokens
    answer = { body: { text: 'y'.repeat(11) } }; // {"text":"yyy…"} is 22 characters: 6 tokens
    expect((await provider.call(target(upstream, mapping), request('text.generate', 'tokens_1k', input))).usage).toEqual({
      meters: { input_tokens: 13n, output_tokens: 6n, cached_input_tokens: 0n, images: 1n },
      source: 'estimated',
    });
  });

  it('treats an invalid value as no report: estimated and kept as rejected for the warning log', async () => {
    const cases: Array<[unknown, string]> = [
      ['2400', '"2400"'], // a numeric string in a JSON body is not a number
      [-3, '-3'],
      [{ seconds: 1 }, '{"seconds":1}'],
      [true, 'true'],
      [[5], '[5]'],
      [1e300, '1e+300'], // over a safe integer after conversion
      [0, '0'], // an answered transcription of 0 ms would be free
    ];
    for (const [value, printed] of cases) {
      answer = { body: { usage: { seconds: value } } };
      expect([value, (await provider.call(target(upstream, seconds), stt)).usage]).toEqual([
        value,
        { meters: { minutes: 60_000n }, source: 'estimated', rejected: `minutes ${printed}` },
      ]);
    }
  });

  it('refuses a fraction of a count, a malformed header, and counts an invalid optional value as estimated', async () => {
    const tokens: UsageMapping = [{ meter: 'tokens', from: { pointer: '/n' }, unit: 'tokens', required: true }];
    answer = { body: { n: 12.5 } };
    expect((await provider.call(target(upstream, tokens), request('text.generate', 'tokens_1k', { input: 'abc' }))).usage).toMatchObject({
      source: 'estimated',
      rejected: 'tokens 12.5',
    });
    answer = { body: { n: 12.0 } };
    expect((await provider.call(target(upstream, tokens), request('text.generate', 'tokens_1k'))).usage.meters).toEqual({ tokens: 12n });

    const header: UsageMapping = [{ meter: 'minutes', from: { header: 'x-seconds' }, unit: 'seconds', required: false }];
    for (const bad of ['-1', '1e3', '0x10', 'ten', '', '1,5']) {
      answer = { body: {}, headers: { 'x-seconds': bad } };
      expect([bad, (await provider.call(target(upstream, header), stt)).usage]).toEqual([
        bad,
        { meters: { minutes: 60_000n }, source: 'estimated', rejected: `minutes ${JSON.stringify(bad.trim())}` },
      ]);
    }
    // A repeated header is ambiguous: invalid.
    answer = { body: {}, headers: { 'x-seconds': ['1', '2'] } };
    expect((await provider.call(target(upstream, header), stt)).usage).toMatchObject({ source: 'estimated', meters: { minutes: 60_000n } });
    // Optional and absent: not reported at all.
    answer = { body: {} };
    expect((await provider.call(target(upstream, header), stt)).usage).toEqual({ meters: {}, source: 'reported' });
  });

  it('accepts 0 only for meters that can honestly be 0 (cached tokens, records)', async () => {
    const mapping: UsageMapping = [
      { meter: 'input_tokens', from: { pointer: '/usage/in' }, unit: 'tokens', required: true },
      { meter: 'cached_input_tokens', from: { pointer: '/usage/cached' }, unit: 'tokens', required: true },
    ];
    answer = { body: { usage: { in: 40, cached: 0 } } };
    expect((await provider.call(target(upstream, mapping), request('text.generate', 'tokens_1k'))).usage).toEqual({
      meters: { input_tokens: 40n, cached_input_tokens: 0n },
      source: 'reported',
    });
  });

  it('walks only the answer own properties and array items (RFC 6901, ~0 and ~1 escapes)', async () => {
    const at = (pointer: string): UsageMapping => [{ meter: 'calls', from: { pointer }, unit: 'calls', required: false }];
    const infra = request('infra.dns', 'call', { domain: 'example.com' });
    answer = { body: { 'a/b': { '~k': [{ n: 3 }, { n: 4 }] }, list: [7] } };
    expect((await provider.call(target(upstream, at('/a~1b/~0k/1/n')), infra)).usage.meters).toEqual({ calls: 4n });
    expect((await provider.call(target(upstream, at('/list/0')), infra)).usage.meters).toEqual({ calls: 7n });
    for (const missing of ['/list/1', '/list/-', '/list/01', '/a~1b/~0k/x', '/constructor', '/__proto__', '/list/length', '/toString']) {
      expect([missing, (await provider.call(target(upstream, at(missing)), infra)).usage]).toEqual([
        missing,
        { meters: {}, source: 'reported' },
      ]);
    }
    // A key the answer really has is found, whatever its name.
    answer = { body: JSON.parse('{"__proto__": 5}') as unknown };
    expect((await provider.call(target(upstream, at('/__proto__')), infra)).usage.meters).toEqual({ calls: 5n });
    answer = { body: 9 };
    expect((await provider.call(target(upstream, at('')), infra)).usage.meters).toEqual({ calls: 9n });
  });

  it('without a mapping behaves as the generic contract: usage.quantity or usage.total_tokens in the slug unit', async () => {
    answer = { body: { usage: { quantity: 90_000 } } };
    expect((await provider.call(target(upstream, null), stt)).usage).toEqual({ meters: { minutes: 90_000n }, source: 'reported' });
    answer = { body: { usage: { total_tokens: 42 } } };
    expect((await provider.call(target(upstream, null), request('text.generate', 'tokens_1k'))).usage).toEqual({
      meters: { tokens: 42n },
      source: 'reported',
    });
    // No report: one minute for a minute slug (the 40-minute transcription billed as 1).
    answer = { body: { usage: { seconds: 2400 } } };
    expect((await provider.call(target(upstream, null), stt)).usage).toEqual({ meters: { minutes: 60_000n }, source: 'estimated' });
    answer = { body: { usage: { quantity: '5' } } };
    expect((await provider.call(target(upstream, null), request('infra.dns', 'call'))).usage).toEqual({
      meters: { calls: 1n },
      source: 'estimated',
      rejected: '"5"',
    });
  });

  it('reads a stored mapping once, when the catalog loads; a stored mapping that does not validate is ignored', () => {
    const row = { id: 'u1', endpointId: 'e1', position: 0, ...defineUpstream({ name: 'x', kind: 'http' }) };
    const stored = [{ meter: 'minutes', from: { pointer: '/s' }, unit: 'seconds', required: true }];
    expect(toUpstreamTarget({ ...row, usageMapping: stored }).usageMapping).toEqual(stored);
    expect(toUpstreamTarget({ ...row, usageMapping: [{ meter: 'minutes', from: { pointer: 's' } }] }).usageMapping).toBeNull();
    expect(toUpstreamTarget({ ...row, usageMapping: null }).usageMapping).toBeNull();
  });
});
