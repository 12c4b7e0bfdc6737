import { DEFAULT_METER } from '../../../../src/catalog/meters';
import { SEED_ENDPOINTS } from '../../../../src/catalog/catalog.seed-data';
import { GatewayError } from '../../../../src/common/errors/error-catalog';
import { ProviderError, ProviderRequest } from '../../../../src/proxy/provider.types';
import { SimulatorProvider } from '../../../../src/proxy/providers/simulator/simulator.provider';

/** A valid input for each seeded slug. */
const INPUTS: Record<string, Record<string, unknown>> = {
  'text.generate': { input: 'Write a haiku' },
  'text.embed': { input: 'hello world' },
  'vision.ocr': { image_url: 'https://example.com/a.png' },
  'vision.detect': { images: ['https://example.com/a.png', 'https://example.com/b.png'] },
  'voice.tts': { text: 'Hello there, this is a test of speech.' },
  'voice.stt': { audio_url: 'https://example.com/a.mp3', duration_ms: 90_000 },
  'media.image': { prompt: 'a red fox' },
  'media.video': { prompt: 'a red fox running' },
  'data.enrich': { records: ['ada@example.com', 'example.org'] },
  'data.scrape': { url: 'https://example.com' },
  'id.kyc': { document_url: 'https://example.com/id.jpg' },
  'id.face': { selfie_url: 'https://example.com/s.jpg', document_url: 'https://example.com/id.jpg' },
  'pay.charge': { amount: 1999, currency: 'usd' },
  'pay.payout': { amount: 5000, currency: 'EUR' },
  'infra.dns': { domain: 'example.com' },
  'infra.email': { to: 'ada@example.com', subject: 'Hi' },
};

function request(slug: string, input: Record<string, unknown>, signal = new AbortController().signal): ProviderRequest {
  const seed = SEED_ENDPOINTS.find((e) => e.slug === slug)!;
  return {
    slug,
    category: seed.category,
    operation: slug.split('.')[1],
    billingUnit: seed.billingUnit,
    method: 'POST',
    input,
    requestId: 'r',
    signal,
  };
}

describe('SimulatorProvider', () => {
  const simulator = new SimulatorProvider({ latencyMs: 0, chunkIntervalMs: 0 });

  it.each(SEED_ENDPOINTS.map((e) => e.slug))('%s answers with a result and positive usage, deterministically', async (slug) => {
    const first = await simulator.call(null, request(slug, INPUTS[slug]));
    const second = await simulator.call(null, request(slug, INPUTS[slug]));
    expect(first.usage.meters[DEFAULT_METER[SEED_ENDPOINTS.find((e) => e.slug === slug)!.billingUnit]]).toBeGreaterThan(0n);
    expect(first).toEqual(second);
  });

  it('bills in each unit base measure', async () => {
    expect((await simulator.call(null, request('vision.detect', INPUTS['vision.detect']))).usage.meters.images).toBe(2n);
    expect((await simulator.call(null, request('voice.stt', INPUTS['voice.stt']))).usage.meters.minutes).toBe(90_000n);
    expect((await simulator.call(null, request('data.enrich', INPUTS['data.enrich']))).usage.meters.records).toBe(2n);
  });

  it('rejects missing input with invalid_request', async () => {
    await expect(simulator.call(null, request('infra.dns', {}))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(simulator.call(null, request('pay.charge', { amount: -1, currency: 'usd' }))).rejects.toBeInstanceOf(GatewayError);
  });

  it('stops waiting at once when the caller aborts', async () => {
    const slow = new SimulatorProvider({ latencyMs: 60_000, chunkIntervalMs: 0 });
    const controller = new AbortController();
    const pending = slow.call(null, request('infra.dns', INPUTS['infra.dns'], controller.signal));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ProviderError);
  });

  it('streams the same text as the non-stream answer; usage grows with chunks; abort stops it', async () => {
    const whole = (await simulator.call(null, request('text.generate', INPUTS['text.generate']))).result as { text: string };
    const stream = await simulator.stream(null, request('text.generate', INPUTS['text.generate']));
    const before = stream.usage().meters.tokens!;
    let text = '';
    for await (const chunk of stream.chunks) text += chunk.delta;
    expect(text).toBe(whole.text);
    expect(stream.usage().meters.tokens!).toBeGreaterThan(before);

    const controller = new AbortController();
    const aborted = await simulator.stream(null, request('text.generate', INPUTS['text.generate'], controller.signal));
    const iterator = aborted.chunks[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ kind: 'aborted' });
  });
});
