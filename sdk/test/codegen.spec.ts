import { generateResellerApi, resellerRoutes, typeOf, type OpenApiDocument } from '../codegen/reseller-api-codegen.js';

describe('reseller API codegen', () => {
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: ['integer', 'null'] }, 'number | null'],
    [{ enum: ['a', 'b'] }, '"a" | "b"'],
    [{ anyOf: [{ $ref: '#/components/schemas/PlanView' }, { type: 'null' }] }, 'PlanView | null'],
    [{ allOf: [{ $ref: '#/components/schemas/Status' }], description: 'x' }, 'Status'],
    [{ oneOf: [{ type: 'string', pattern: '^\\d+$' }, { type: 'number' }] }, 'string | number'],
    [
      {
        oneOf: [
          { type: 'string', format: 'uuid' },
          { type: 'string', enum: ['none'] },
        ],
      },
      'string',
    ],
    [{ anyOf: [{ enum: ['a'] }, { type: 'number' }] }, '"a" | number'],
    [{ type: 'array', items: { enum: ['x', 'y'] } }, 'Array<"x" | "y">'],
    [{ allOf: [{ enum: ['a', 'b'] }, { $ref: '#/components/schemas/C' }] }, '("a" | "b") & C'],
    [{ type: 'object', additionalProperties: true }, 'Record<string, unknown>'],
    [{ type: 'object', additionalProperties: { type: 'integer' } }, 'Record<string, number>'],
    [{}, 'unknown'],
  ])('%j is %s', (schema, type) => {
    expect(typeOf(schema)).toBe(type);
  });

  it('writes objects with required and optional fields and their descriptions', () => {
    expect(
      typeOf({
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, 'odd-name': { type: 'boolean', description: 'Why */ here' } },
      }),
    ).toBe('{\n  id: string;\n  /** Why *\\/ here */\n  "odd-name"?: boolean;\n}');
  });

  it('refuses a schema keyword it does not know rather than skip it', () => {
    expect(() => typeOf({ type: 'object', patternProperties: {} })).toThrow(/patternProperties/);
    expect(() => typeOf({ $ref: '#/definitions/X' })).toThrow(/\$ref/);
  });

  const doc: OpenApiDocument = {
    paths: {
      '/api/reseller/v1/things/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true }],
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
        delete: { parameters: [{ name: 'id', in: 'path', required: true }], responses: { '204': {} } },
      },
      '/api/reseller/v1/things': {
        get: {
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } },
          },
        },
      },
      '/api/admin/v1/other': { get: { responses: { '200': {} } } },
    },
    components: {
      schemas: {
        Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, kind: { $ref: '#/components/schemas/Kind' } } },
        Kind: { type: 'string', enum: ['a', 'b'], description: 'What it is.' },
        Unused: { type: 'string' },
      },
    },
  };

  it('lists the reseller routes only, with their parameters and success answers', () => {
    expect(resellerRoutes(doc).map((r) => [r.route, r.pathParams, r.query.map((q) => q.name), r.successStatus])).toEqual([
      ['GET /things/{id}', ['id'], [], 200],
      ['DELETE /things/{id}', ['id'], [], 204],
      ['GET /things', [], ['limit'], 200],
    ]);
  });

  it('generates the schemas the routes use (transitively), the route table and the route list', () => {
    const source = generateResellerApi(doc);
    expect(source).toContain('export interface Thing {\n  id: string;\n  kind?: Kind;\n}');
    expect(source).toContain('/** What it is. */\nexport type Kind = "a" | "b";');
    expect(source).not.toContain('Unused');
    expect(source).toContain(
      `"DELETE /things/{id}": { params: { id: string }; query: Record<string, never>; body: never; response: void; status: 204 };`,
    );
    expect(source).toContain(
      `"GET /things": { params: Record<string, never>; query: { limit?: number }; body: never; response: Array<Thing>; status: 200 };`,
    );
    expect(source).toContain(
      'export const RESELLER_ROUTES: readonly ResellerRoute[] = ["GET /things/{id}","DELETE /things/{id}","GET /things"];',
    );
  });
});
