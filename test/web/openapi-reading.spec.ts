import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SLUG_INPUTS } from '../../src/gateway/slug-inputs';
import {
  APIS,
  errorBodiesOf,
  errorBodyOf,
  fieldRows,
  operationsOf,
  slugInput,
  typeLabel,
  type OpenApiDocument,
} from '../../web/src/features/reference/openapi';

/**
 * The website's reading of the OpenAPI document (web/src/features/reference/openapi.ts), on the
 * committed openapi.json: every operation is in exactly one API, the operator's only in its own, and
 * schemas read as the fields they declare.
 */
const doc = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as OpenApiDocument;

describe('reading the OpenAPI document for the API reference', () => {
  const byApi = Object.fromEntries(APIS.map((api) => [api.id, operationsOf(doc, api.id).flatMap((g) => g.operations)]));

  it('puts every /api/ operation in exactly one API, the operator’s paths only in the operator API', () => {
    const apiPaths = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = Object.values(byApi).flatMap((ops) => ops.map((op) => `${op.method} ${op.path}`));
    expect([...listed].sort()).toEqual([...apiPaths].sort());
    expect(byApi.operator.every((op) => op.path.startsWith('/api/admin/'))).toBe(true);
    for (const api of ['public', 'reseller', 'console']) expect(byApi[api].some((op) => op.path.startsWith('/api/admin/'))).toBe(false);
    expect(byApi.public.map((op) => `${op.method} ${op.path}`)).toContain('POST /api/public/v1/{slug}');
    expect(byApi.reseller.map((op) => `${op.method} ${op.path}`)).toContain('GET /api/reseller/v1/customers');
  });

  it('groups operations by their tag', () => {
    const tags = operationsOf(doc, 'reseller').map((g) => g.tag);
    expect(tags).toContain('reseller: customers');
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('reads a response schema as its fields, nested ones under their parent, with nullable and enum types in words', () => {
    const list = byApi.reseller.find((op) => op.method === 'GET' && op.path === '/api/reseller/v1/customers')!;
    const rows = fieldRows(doc, list.responses.find((r) => r.status === '200')!.schema);
    expect(rows.find((r) => r.name === 'data')).toMatchObject({ type: 'array of CustomerView', required: true });
    expect(rows.find((r) => r.name === 'data[].external_id')).toMatchObject({ type: 'string or null', required: true });
    expect(rows.find((r) => r.name === 'data[].status')).toMatchObject({ type: 'one of: active, suspended' });
    expect(rows.find((r) => r.name === 'data[].id')?.type).toBe('string (uuid)');
    expect(typeLabel(doc, { $ref: '#/components/schemas/CustomerStatus' })).toBe('one of: active, suspended');
  });

  it('names the body of each error response, once per API: ErrorBody, and the OpenAI door’s envelope in the public API', () => {
    expect(errorBodiesOf(operationsOf(doc, 'reseller'))).toEqual(['ErrorBody']);
    expect([...errorBodiesOf(operationsOf(doc, 'public'))].sort()).toEqual(['ErrorBody', 'OpenAiErrorEnvelope']);
    const list = byApi.reseller.find((op) => op.method === 'GET' && op.path === '/api/reseller/v1/customers')!;
    expect(list.responses.map((r) => [r.status, errorBodyOf(r) ?? null])).toEqual(
      list.responses.map((r) => [r.status, Number(r.status) >= 400 ? 'ErrorBody' : null]),
    );
    expect(fieldRows(doc, { $ref: '#/components/schemas/ErrorBody' }).map((row) => row.name)).toEqual(
      expect.arrayContaining(['error', 'error.code', 'error.message', 'error.request_id']),
    );
  });

  it('finds each seeded slug’s request fields', () => {
    const rows = fieldRows(doc, slugInput(doc, 'pay.charge'));
    expect(rows.map((r) => [r.name, r.type, r.required])).toEqual([
      ['amount', 'integer', true],
      ['currency', 'string', true],
      ['model', 'string', false],
    ]);
    expect(slugInput(doc, 'text.generate')?.oneOf).toEqual(SLUG_INPUTS['text.generate'].oneOf);
    expect(slugInput(doc, 'no.such')).toBeUndefined();
  });
});
