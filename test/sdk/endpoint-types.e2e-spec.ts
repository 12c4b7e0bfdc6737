import { SEED_ENDPOINTS } from '../../src/catalog/catalog.seed-data';
import { Gateway, KNOWN_SLUGS, type InputOf, type KnownEndpoints, type KnownSlug, type ResultOf } from '../../sdk/src/index.js';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The SDK's per-slug types (sdk/src/endpoints.ts) against the seeded catalog and what the gateway
 * really answers. Every table below is typed by the SDK, so the compiler holds it to the types;
 * the tests hold it to the server. A slug seeded without a type, a type without a seeded slug, or a
 * result field the SDK does not declare (or declares wrongly) fails here.
 */

/** A valid input of every seeded slug, in the SDK's input type. */
const EXAMPLE_INPUTS: { [S in KnownSlug]: InputOf<S> } = {
  'text.generate': { input: 'Write a haiku about gateways', max_tokens: 40 },
  'text.embed': { input: 'gateways' },
  'vision.ocr': { image_url: 'https://example.com/receipt.png' },
  'vision.detect': { images: ['https://example.com/street.jpg', 'https://example.com/office.jpg'] },
  'voice.tts': { text: 'Hello from the gateway' },
  'voice.stt': { audio_url: 'https://example.com/call.mp3', duration_ms: 30_000 },
  'media.image': { prompt: 'A lighthouse at dusk' },
  'media.video': { prompt: 'Waves', duration_s: 4 },
  'data.enrich': { records: ['ada@example.com', 'example.org'] },
  'data.scrape': { url: 'https://example.com' },
  'id.kyc': { document_url: 'https://example.com/passport.jpg' },
  'id.face': { selfie_url: 'https://example.com/selfie.jpg', document_url: 'https://example.com/passport.jpg' },
  'pay.charge': { amount: 1999, currency: 'eur' },
  'pay.payout': { amount: 500, currency: 'USD' },
  'infra.dns': { domain: 'example.com' },
  'infra.email': { to: 'ada@example.com', subject: 'Hello', body: 'From the SDK' },
};

/**
 * A sample result of every slug, in the SDK's result type (object literals: the compiler refuses a
 * missing or an extra field). Live results must have the same shape: the same fields at every level,
 * values of the same JSON type; each array item like one of the sample's items.
 */
const SAMPLE_RESULTS: { [S in KnownSlug]: ResultOf<S> } = {
  'text.generate': { text: 'Gateways route.', finish_reason: 'stop', model: 'simulator' },
  'text.embed': { embedding: [0.1, -0.2], dimensions: 2, model: 'simulator' },
  'vision.ocr': { pages: [{ image_url: 'u', text: 't', confidence: 0.9 }] },
  'vision.detect': { detections: [{ image_url: 'u', objects: [{ label: 'car', score: 0.8, box: { x: 1, y: 2, width: 3, height: 4 } }] }] },
  'voice.tts': { audio_url: 'u', format: 'mp3', duration_ms: 500, characters: 22 },
  'voice.stt': { audio_url: 'u', transcript: 't', duration_ms: 1000, language: 'en' },
  'media.image': { prompt: 'p', url: 'u', images: [{ url: 'u' }], width: 1024, height: 1024 },
  'media.video': { prompt: 'p', url: 'u', duration_s: 5, width: 1280, height: 720 },
  'data.enrich': { records: [{ query: 'q', company: 'C', domain: 'd', employees: 5, industry: 'i', country: 'US' }] },
  'data.scrape': { url: 'u', status: 200, title: 't', text: 'x' },
  'id.kyc': { verification_id: 'kyc_1', status: 'approved', score: 0.9, checks: { document_authentic: true, data_consistent: true } },
  'id.face': { verification_id: 'face_1', match: true, similarity: 0.9, liveness: true },
  'pay.charge': { id: 'ch_1', amount: 1, currency: 'EUR', status: 'succeeded' },
  'pay.payout': { id: 'po_1', amount: 1, currency: 'USD', status: 'succeeded' },
  'infra.dns': {
    domain: 'd',
    records: [
      { type: 'A', value: '1.2.3.4', ttl: 300 },
      { type: 'MX', value: 'mail.d', priority: 10, ttl: 3600 },
    ],
  },
  'infra.email': { message_id: '<m>', to: 't', status: 'queued' },
};

/** Which seeded slugs stream, as the SDK's types say (the compiler holds each value to KnownEndpoints). */
const STREAMS: { [S in KnownSlug]: KnownEndpoints[S]['streams'] } = {
  'text.generate': true,
  'text.embed': false,
  'vision.ocr': false,
  'vision.detect': false,
  'voice.tts': false,
  'voice.stt': false,
  'media.image': false,
  'media.video': false,
  'data.enrich': false,
  'data.scrape': false,
  'id.kyc': false,
  'id.face': false,
  'pay.charge': false,
  'pay.payout': false,
  'infra.dns': false,
  'infra.email': false,
};

/** Where `live` departs from the shape of `sample` (empty: none), as JSON paths. */
function shapeDifferences(live: unknown, sample: unknown, path = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(live) !== kind(sample)) return [`${path}: ${kind(live)}, the SDK says ${kind(sample)}`];
  if (Array.isArray(sample)) {
    return (live as unknown[]).flatMap((item, i) =>
      sample.some((s) => shapeDifferences(item, s).length === 0) ? [] : shapeDifferences(item, sample[0], `${path}[${i}]`),
    );
  }
  if (kind(sample) !== 'object') return [];
  const [liveObject, sampleObject] = [live as Record<string, unknown>, sample as Record<string, unknown>];
  const missing = Object.keys(sampleObject)
    .filter((k) => !(k in liveObject))
    .map((k) => `${path}.${k}: declared, not answered`);
  const extra = Object.keys(liveObject)
    .filter((k) => !(k in sampleObject))
    .map((k) => `${path}.${k}: answered, not declared`);
  const nested = Object.keys(sampleObject)
    .filter((k) => k in liveObject)
    .flatMap((k) => shapeDifferences(liveObject[k], sampleObject[k], `${path}.${k}`));
  return [...missing, ...extra, ...nested];
}

describe('SDK endpoint types against the seeded catalog', () => {
  let gw: GatewayHarness;
  let sdk: Gateway;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    sdk = new Gateway({ apiKey: (await gw.createTenantWithKey()).key, baseUrl: gw.url });
  });

  afterAll(() => gw?.close());

  it('KNOWN_SLUGS is the seeded catalog, slug for slug', () => {
    expect([...KNOWN_SLUGS].sort()).toEqual(SEED_ENDPOINTS.map((e) => e.slug).sort());
  });

  it('a slug streams in the SDK’s types exactly when the seed makes it streamable', () => {
    expect(Object.fromEntries(SEED_ENDPOINTS.map((e) => [e.slug, e.streamable]))).toEqual(STREAMS);
  });

  it.each(KNOWN_SLUGS)('%s: the typed input is accepted and the answer has the declared result type', async (slug) => {
    const result = await sdk.call(slug, EXAMPLE_INPUTS[slug]);
    expect(result.endpoint).toBe(slug);
    expect(shapeDifferences(result.result, SAMPLE_RESULTS[slug])).toEqual([]);
  });

  it('the shape check catches a field that is missing, extra or of another type', () => {
    expect(shapeDifferences({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: 'y' }] })).toEqual([]);
    expect(shapeDifferences({ a: '1', b: [{ d: 'x' }], e: null }, { a: 1, b: [{ c: 'y' }] })).toEqual([
      '$.e: answered, not declared',
      '$.a: string, the SDK says number',
      '$.b[0].c: declared, not answered',
      '$.b[0].d: answered, not declared',
    ]);
  });
});
