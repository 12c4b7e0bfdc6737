import { SEED_ENDPOINTS } from '../../src/catalog/catalog.seed-data';
import { SLUG_INPUTS_EXTENSION, type SlugInputSchema } from '../../src/gateway/slug-inputs';
import { GatewayHarness } from '../support/gateway-harness';

/**
 * The seeded slugs' request fields as the OpenAPI document publishes them (the public call's
 * `x-slug-inputs`, what the website's endpoint pages show): every seeded slug is there, its example
 * is a call the gateway accepts, and a body without its required fields is refused naming them.
 */
describe('the seeded slugs’ request fields in the OpenAPI document', () => {
  let gw: GatewayHarness;
  let key: string;
  let inputs: Record<string, SlugInputSchema>;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    key = (await gw.createTenantWithKey()).key;
    const doc = (await (await fetch(`${gw.url}/docs/openapi.json`)).json()) as {
      paths: Record<string, { post: Record<string, unknown> }>;
    };
    inputs = doc.paths['/api/public/v1/{slug}'].post[SLUG_INPUTS_EXTENSION] as Record<string, SlugInputSchema>;
  });
  afterAll(() => gw?.close());

  it('documents every seeded slug, and only those', () => {
    expect(Object.keys(inputs).sort()).toEqual(SEED_ENDPOINTS.map((e) => e.slug).sort());
  });

  it.each(SEED_ENDPOINTS.map((e) => e.slug))('%s: its example is accepted; without its required fields it is refused', async (slug) => {
    const schema = inputs[slug];
    const [example] = schema.examples;
    for (const field of Object.keys(example)) expect(schema.properties).toHaveProperty(field);
    const accepted = await gw.call(slug, { key, body: example });
    expect({ slug, status: accepted.status }).toEqual({ slug, status: 200 });

    const required = [...(schema.required ?? []), ...(schema.oneOf ?? []).flatMap((group) => group.required)];
    expect(required.length).toBeGreaterThan(0);
    for (const field of required) expect(schema.properties).toHaveProperty(field);
    const withoutRequired = Object.fromEntries(Object.entries(example).filter(([field]) => !required.includes(field)));
    const refused = await gw.call(slug, { key, body: withoutRequired });
    expect({ slug, status: refused.status }).toEqual({ slug, status: 400 });
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });
});
