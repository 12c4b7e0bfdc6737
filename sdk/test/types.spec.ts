/**
 * Compile-time checks of the public types (run by `tsc -p sdk`, which test/sdk/sdk-package.e2e-spec.ts
 * runs): a known slug takes its own input and gives its own result, a new slug takes any object, and
 * a slug that does not stream cannot be streamed. The function is never called.
 */
import { AdminClient } from '../src/admin/index.js';
import {
  ConsoleClient,
  Gateway,
  ResellerClient,
  type CallResult,
  type CustomerView,
  type SessionView,
  type TenantPage,
  type TextGenerateResult,
  type VisionOcrResult,
} from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_proof?: T) => undefined;

async function typeChecks(gw: Gateway, reseller: ResellerClient, slug: string, console: ConsoleClient, admin: AdminClient): Promise<void> {
  const _generated = await gw.call('text.generate', { input: 'hi', max_tokens: 4 });
  assertType<Equal<typeof _generated, CallResult<TextGenerateResult>>>();
  const _ocr = await gw.call('vision.ocr', { images: ['https://example.com/a.png'] });
  assertType<Equal<typeof _ocr.result, VisionOcrResult>>();
  // @ts-expect-error text.generate needs `input`
  await gw.call('text.generate', { prompt: 'hi' });
  // @ts-expect-error an unknown field of a known slug is a typo
  await gw.call('infra.dns', { domain: 'example.com', typo: 1 });
  // @ts-expect-error image_url and images are either-or
  await gw.call('vision.ocr', { image_url: 'a', images: ['b'] });

  // A slug the SDK does not know: any JSON object in, unknown out.
  const _other = await gw.call('geo.lookup', { ip: '192.0.2.1' });
  assertType<Equal<typeof _other.result, unknown>>();
  const _dynamic = await gw.call(slug, { anything: true });
  assertType<Equal<typeof _dynamic.result, unknown>>();
  const _mine = await gw.callUntyped<{ city: string }>('geo.lookup', {});
  assertType<Equal<typeof _mine.result, { city: string }>>();

  gw.stream('text.generate', { input: 'hi' });
  gw.stream('geo.story', { topic: 'x' });
  // @ts-expect-error text.embed does not stream
  gw.stream('text.embed', { input: 'hi' });

  const _customer = await reseller.customers.create({ name: 'Ada' });
  assertType<Equal<typeof _customer.data.external_id, string | null>>();
  // @ts-expect-error the API's field names, not camelCase
  await reseller.customers.create({ name: 'Ada', externalId: 'x' });
  // @ts-expect-error group_by is required and one of customer, slug, day
  await reseller.usage.report({ group_by: 'week' });
  const _budget = await reseller.customers.setBudget('c', { period: 'monthly', cap_usd: '25' });
  assertType<Equal<typeof _budget.data.resets_at, string | null>>();

  // request(): any route of the contract, with what it takes and what it answers.
  const _one = await reseller.request('GET /customers/{id}', { params: { id: 'c1' } });
  assertType<Equal<typeof _one.data, CustomerView>>();
  // @ts-expect-error the route's path parameters are required
  await reseller.request('GET /customers/{id}');
  // @ts-expect-error a route the API does not have
  await reseller.request('GET /customers/{id}/secrets', { params: { id: 'c1' } });
  // @ts-expect-error a body the route does not take
  await reseller.request('GET /me', { body: {} });
  // @ts-expect-error the route's body is required, with its required fields
  await reseller.request('POST /customers', { body: {} });
  const _deleted = await reseller.request('DELETE /customers/{id}', { params: { id: 'c1' } });
  assertType<Equal<typeof _deleted.data, void>>();
  // Optional query parameters may be null (absent); required ones may not.
  await reseller.request('GET /customers', { query: { status: null, cursor: null } });
  // @ts-expect-error group_by is required
  await reseller.request('GET /reports/usage', { query: { group_by: null } });

  const _session = await console.signIn('ada@example.com', 'password');
  assertType<Equal<typeof _session.data, SessionView>>();
  const _tenants = await admin.tenants.list({ q: 'Ac' });
  assertType<Equal<typeof _tenants.data, TenantPage>>();
  // @ts-expect-error the operator API's routes only
  await admin.request('GET /me');
}

it('type checks compile (see tsc -p sdk)', () => {
  expect(typeof typeChecks).toBe('function');
});
