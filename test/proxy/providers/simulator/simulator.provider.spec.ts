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
    const quantities = Object.values(first.usage.meters);
    expect(quantities.length).toBeGreaterThan(0);
    for (const quantity of quantities) expect(quantity).toBeGreaterThan(0n);
    expect(first).toEqual(second);
  });

  it('reports each slug in its own meters, each in its base measure', async () => {
    const metersOf = async (slug: string, input = INPUTS[slug]) => (await simulator.call(null, request(slug, input))).usage;
    const generate = await simulator.call(null, request('text.generate', INPUTS['text.generate']));
    const { text } = generate.result as { text: string };
    // 'Write a haiku' is 13 characters: 4 tokens; the output ~4 characters a token of the text.
    expect(generate.usage).toEqual({
      meters: { input_tokens: 4n, output_tokens: BigInt(Math.ceil(text.length / 4)) },
      source: 'reported',
    });
    expect(await metersOf('text.embed')).toEqual({ meters: { input_tokens: 3n }, source: 'reported' });
    expect((await metersOf('text.embed', { input: ['hello world', 'abc'] })).meters).toEqual({ input_tokens: 4n });
    expect((await metersOf('vision.ocr')).meters).toEqual({ images: 1n });
    expect((await metersOf('vision.detect')).meters).toEqual({ images: 2n });
    // 'Hello there, this is a test of speech.' is 38 characters and 8 words: 3.2 s of audio at 150 words a minute.
    expect((await metersOf('voice.tts')).meters).toEqual({ characters: 38n, minutes: 3_200n });
    expect((await metersOf('voice.tts', { text: 'héllo 👋' })).meters.characters).toBe(7n);
    expect((await metersOf('voice.tts', { text: '\udc00\ud83d' })).meters.characters).toBe(2n);
    expect((await metersOf('voice.stt')).meters).toEqual({ minutes: 90_000n });
    // The audio itself (the field the other kinds take): its length at 16 bytes a millisecond, at least a second.
    const audio = (bytes: number) => ({ audio_base64: Buffer.alloc(bytes).toString('base64') });
    expect((await metersOf('voice.stt', audio(48_000))).meters).toEqual({ minutes: 3_000n });
    expect((await metersOf('voice.stt', audio(100))).meters).toEqual({ minutes: 1_000n });
    expect((await metersOf('media.image')).meters).toEqual({ images: 1n });
    expect((await metersOf('media.video')).meters).toEqual({ generations: 1n });
    expect((await metersOf('data.enrich')).meters).toEqual({ records: 2n });
    expect((await metersOf('data.scrape')).meters).toEqual({ records: 1n });
    expect((await metersOf('id.kyc')).meters).toEqual({ verifications: 1n });
    expect((await metersOf('pay.charge')).meters).toEqual({ transactions: 1n });
    expect((await metersOf('infra.dns')).meters).toEqual({ calls: 1n });
  });

  it("answers text.generate in the slug's one shape: text, finish_reason, model; no provider usage inside", async () => {
    const { result } = await simulator.call(null, request('text.generate', INPUTS['text.generate']));
    expect(result).toEqual({ text: expect.stringMatching(/^[A-Z].*\.$/), finish_reason: 'stop', model: 'simulator' });
    // max_tokens below the natural length cuts it short: finish_reason length.
    const cut = (await simulator.call(null, request('text.generate', { input: 'Write a haiku', max_tokens: 3 }))).result as {
      text: string;
    };
    expect(cut).toMatchObject({ finish_reason: 'length' });
    expect(cut.text.split(' ')).toHaveLength(3);
  });

  it('takes messages as well as input: the last user message is the prompt, every message counts as input', async () => {
    const fromInput = await simulator.call(null, request('text.generate', { input: 'Write a haiku' }));
    const messages = [
      { role: 'system', content: 'You are terse.' },
      { role: 'user', content: 'Something else' },
      { role: 'assistant', content: 'Sure.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Write a haiku' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
        ],
      },
    ];
    const fromMessages = await simulator.call(null, request('text.generate', { messages }));
    expect(fromMessages.result).toEqual(fromInput.result);
    // 'You are terse.\nSomething else\nSure.\nWrite a haiku' is 49 characters: 13 tokens.
    expect(fromMessages.usage.meters.input_tokens).toBe(13n);
    expect(fromMessages).toEqual(await simulator.call(null, request('text.generate', { messages })));

    for (const bad of [[], [{ role: 'system', content: 'x' }], [{ role: 'user', content: [{ type: 'image_url' }] }], 'hi', [null]]) {
      await expect(simulator.call(null, request('text.generate', { messages: bad }))).rejects.toMatchObject({ code: 'invalid_request' });
    }
  });

  it('embeds a string or a list of strings', async () => {
    const one = (await simulator.call(null, request('text.embed', { input: 'hello world' }))).result as { embedding: number[] };
    expect(one).toEqual({ embedding: expect.any(Array), dimensions: 16, model: 'simulator' });
    const many = (await simulator.call(null, request('text.embed', { input: ['a', 'b'] }))).result as { embeddings: number[][] };
    expect(many).toEqual({ embeddings: [expect.any(Array), expect.any(Array)], dimensions: 16, model: 'simulator' });
    expect(many.embeddings[0]).toHaveLength(16);
    for (const bad of [[], [''], [1], 'x'.repeat(0)]) {
      await expect(simulator.call(null, request('text.embed', { input: bad }))).rejects.toMatchObject({ code: 'invalid_request' });
    }
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

  it('streams the same text as the non-stream answer; output tokens grow with chunks; abort stops it', async () => {
    for (const input of [
      INPUTS['text.generate'],
      { input: 'Write a haiku', max_tokens: 5 },
      { messages: [{ role: 'user', content: 'Write a haiku' }] },
    ]) {
      const whole = await simulator.call(null, request('text.generate', input));
      const stream = await simulator.stream(null, request('text.generate', input));
      expect(stream.usage().meters).toEqual({ input_tokens: whole.usage.meters.input_tokens, output_tokens: 0n });
      let text = '';
      const outputs: bigint[] = [];
      for await (const chunk of stream.chunks) {
        text += chunk.delta;
        outputs.push(stream.usage().meters.output_tokens!);
      }
      expect(text).toBe((whole.result as { text: string }).text);
      expect(outputs[0]).toBeGreaterThan(0n);
      expect(outputs.every((o, i) => i === 0 || o >= outputs[i - 1])).toBe(true);
      // Streamed to the end, the usage is the whole answer's.
      expect(stream.usage()).toEqual(whole.usage);
    }

    const controller = new AbortController();
    const aborted = await simulator.stream(null, request('text.generate', INPUTS['text.generate'], controller.signal));
    const iterator = aborted.chunks[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ kind: 'aborted' });
    expect(aborted.usage().meters.output_tokens).toBeGreaterThan(0n);
  });
});
