import { meterPricesOf } from '../../src/catalog/meter-prices';
import { BILLING_UNITS } from '../../src/catalog/billing-units';
import { SEED_ENDPOINTS, SEED_MODEL_ALIASES, SEED_MODELS } from '../../src/catalog/catalog.seed-data';
import { parseSlug } from '../../src/catalog/slug';

/** The spec's table: category → billing unit. */
const UNIT_OF_CATEGORY = {
  text: 'tokens_1k',
  vision: 'image',
  voice: 'minute',
  media: 'generation',
  data: 'record',
  id: 'verification',
  pay: 'transaction',
  infra: 'call',
};

describe('seed catalog', () => {
  it('holds the 16 example slugs of the 8 categories with the spec billing units', () => {
    expect(SEED_ENDPOINTS).toHaveLength(16);
    expect(new Set(SEED_ENDPOINTS.map((e) => e.slug)).size).toBe(16);
    expect(new Set(SEED_ENDPOINTS.map((e) => e.category)).size).toBe(8);
    for (const e of SEED_ENDPOINTS) {
      expect(parseSlug(e.slug)?.category).toBe(e.category);
      expect(e.billingUnit).toBe(UNIT_OF_CATEGORY[e.category]);
      expect(BILLING_UNITS[e.billingUnit]).toBeDefined();
    }
  });

  it('prices are integer pico-USD with resale above wholesale', () => {
    for (const e of SEED_ENDPOINTS) {
      for (const p of meterPricesOf(e.billingUnit, e)) {
        expect(typeof p.wholesalePicoUsdPerUnit).toBe('bigint');
        expect(p.resalePicoUsdPerUnit).toBeGreaterThan(p.wholesalePicoUsdPerUnit);
      }
      expect(e.defaultRateLimit).toBeGreaterThan(0);
    }
    expect(SEED_ENDPOINTS.filter((e) => e.streamable).map((e) => e.slug)).toEqual(['text.generate']);
  });

  it("aliases each provider model's own name to its canonical id, and nothing else", () => {
    expect(SEED_MODEL_ALIASES).toEqual([
      { alias: 'gpt-4o-mini', target: 'text.generate/gpt-4o-mini' },
      { alias: 'claude-haiku-4-5', target: 'text.generate/claude-haiku-4-5' },
      { alias: 'text-embedding-3-small', target: 'text.embed/text-embedding-3-small' },
      { alias: 'dall-e-3', target: 'media.image/dall-e-3' },
      { alias: 'tts-1', target: 'voice.tts/tts-1' },
      { alias: 'whisper-1', target: 'voice.stt/whisper-1' },
    ]);
    for (const { target } of SEED_MODEL_ALIASES) {
      const [slug, model] = target.split('/');
      expect(SEED_MODELS[slug].map((m) => m.name)).toContain(model);
    }
  });
});
