import { All, Controller, Get, Head, INestApplication } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { jsonSchema2020Problems } from '../support/openapi-validation';
import { convertSchema, toOpenApi31 } from '../../src/app/openapi';

describe('convertSchema (OpenAPI 3.0 → 3.1 schema)', () => {
  test('nullable primitive: type becomes [T, "null"]', () => {
    expect(convertSchema({ type: 'string', format: 'date-time', nullable: true })).toEqual({
      type: ['string', 'null'],
      format: 'date-time',
    });
  });

  test('nullable enum: null is added to the enum too', () => {
    expect(convertSchema({ type: 'string', enum: ['a', 'b'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', 'b', null],
    });
  });

  test("nullable $ref in @nestjs/swagger's 3.0 form ({ type: object, allOf: [$ref] }) → anyOf [$ref, null]", () => {
    expect(convertSchema({ nullable: true, type: 'object', description: 'd', allOf: [{ $ref: '#/components/schemas/X' }] })).toEqual({
      description: 'd',
      anyOf: [{ $ref: '#/components/schemas/X' }, { type: 'null' }],
    });
  });

  test("nullable enum $ref in @nestjs/swagger's form ({ nullable, allOf: [$ref] }, no type) → anyOf [$ref, null]", () => {
    expect(convertSchema({ nullable: true, allOf: [{ $ref: '#/components/schemas/Switch' }] })).toEqual({
      anyOf: [{ $ref: '#/components/schemas/Switch' }, { type: 'null' }],
    });
  });

  test('nullable composite that is more than a $ref is wrapped whole', () => {
    expect(convertSchema({ nullable: true, oneOf: [{ type: 'string' }, { type: 'integer' }] })).toEqual({
      anyOf: [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { type: 'null' }],
    });
  });

  test('nullable: false is dropped; a schema without type already accepts null', () => {
    expect(convertSchema({ type: 'integer', nullable: false })).toEqual({ type: 'integer' });
    expect(convertSchema({ description: 'any', nullable: true })).toEqual({ description: 'any' });
  });

  test('boolean exclusiveMinimum/Maximum become numbers', () => {
    expect(convertSchema({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
    });
  });

  test('example → examples', () => {
    expect(convertSchema({ type: 'string', example: 'x' })).toEqual({ type: 'string', examples: ['x'] });
  });

  test('recurses into properties, items, additionalProperties and combinators', () => {
    const out = convertSchema({
      type: 'object',
      properties: {
        // a property *named* like a keyword is data, not a keyword
        nullable: { type: 'boolean' },
        list: { type: 'array', items: { type: 'integer', nullable: true } },
        map: { type: 'object', additionalProperties: { type: 'string', nullable: true } },
        either: { allOf: [{ type: 'object', properties: { deep: { type: 'number', minimum: 1, exclusiveMinimum: true } } }] },
      },
    });
    expect(out).toEqual({
      type: 'object',
      properties: {
        nullable: { type: 'boolean' },
        list: { type: 'array', items: { type: ['integer', 'null'] } },
        map: { type: 'object', additionalProperties: { type: ['string', 'null'] } },
        either: { allOf: [{ type: 'object', properties: { deep: { type: 'number', exclusiveMinimum: 1 } } }] },
      },
    });
  });
});

describe('toOpenApi31 (whole document)', () => {
  const doc30 = {
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', nullable: true } }],
        post: {
          parameters: [{ name: 'q', in: 'query', schema: { type: 'integer', minimum: 0, exclusiveMinimum: true } }],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string', nullable: true } } } } },
          },
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-H': { schema: { type: 'string', nullable: true } }, 'X-R': { $ref: '#/components/headers/R' } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/S' }, example: { kept: true } } },
            },
          },
          callbacks: {
            cb: {
              '{$request.body#/url}': {
                post: {
                  responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string', nullable: true } } } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: { S: { type: 'object', properties: { n: { type: 'number', nullable: true } } } },
      headers: { R: { schema: { type: 'integer', nullable: true } } },
      parameters: { P: { name: 'p', in: 'query', schema: { type: 'boolean', nullable: true } } },
      responses: { E: { description: 'e', content: { 'application/json': { schema: { type: 'object', nullable: true } } } } },
    },
  };

  test('sets openapi 3.1.0, converts every schema location, keeps media-type examples, does not touch its input', () => {
    const before = JSON.stringify(doc30);
    const out = toOpenApi31(doc30) as any;
    expect(JSON.stringify(doc30)).toBe(before);
    expect(out.openapi).toBe('3.1.0');
    expect(JSON.stringify(out)).not.toContain('nullable');
    expect(out.paths['/x/{id}'].parameters[0].schema).toEqual({ type: ['string', 'null'] });
    expect(out.paths['/x/{id}'].post.parameters[0].schema).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(out.paths['/x/{id}'].post.responses['200'].headers['X-R']).toEqual({ $ref: '#/components/headers/R' });
    expect(out.paths['/x/{id}'].post.responses['200'].content['application/json'].example).toEqual({ kept: true });
    expect(out.components.responses.E.content['application/json'].schema).toEqual({ type: ['object', 'null'] });
    expect(jsonSchema2020Problems(out)).toEqual([]);
    expect(jsonSchema2020Problems(doc30).length).toBeGreaterThan(0);
  });

  test('the strict 2020-12 check flags each 3.0-ism (also a `nullable` next to `type`, which Ajv would accept by default)', () => {
    const doc = (schema: object) => ({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { S: schema } },
    });
    expect(jsonSchema2020Problems(doc({ type: 'string', nullable: true }))).toEqual([
      expect.stringContaining('unknown keyword: "nullable"'),
    ]);
    expect(jsonSchema2020Problems(doc({ type: 'number', minimum: 0, exclusiveMinimum: true }))).toEqual([
      expect.stringContaining('exclusiveMinimum must be number'),
    ]);
    expect(jsonSchema2020Problems(doc({ type: ['string', 'null'], exclusiveMinimum: 0, examples: [1] }))).toEqual([]);
  });
});

// --- What @nestjs/swagger 11 really emits, and what toOpenApi31 makes of it ---------------------

class Inner {
  @ApiProperty()
  a!: string;
}

class Probe {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  when!: string | null;

  @ApiProperty({ enum: ['on', 'off'], nullable: true })
  maybe_switch!: 'on' | 'off' | null;

  @ApiProperty({ enum: ['on', 'off'], enumName: 'Switch', nullable: true })
  maybe_switch_ref!: 'on' | 'off' | null;

  @ApiProperty({ type: () => Inner, nullable: true, description: 'nested or null' })
  maybe_inner!: Inner | null;

  @ApiProperty({ type: 'integer', minimum: 0, exclusiveMinimum: true, example: 5 })
  positive!: number;
}

@Controller('probe')
class ProbeController {
  @Head('x')
  head() {}

  @Get('x')
  @ApiOkResponse({ type: Probe })
  get() {}

  @All('x')
  other() {}

  @Get('files/{*path}')
  wildcard() {}
}

describe('@nestjs/swagger output (a throwaway controller)', () => {
  let app: INestApplication;
  let raw: any;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    raw = SwaggerModule.createDocument(app, new DocumentBuilder().setOpenAPIVersion('3.1.0').build());
  });
  afterAll(() => app.close());

  test('setOpenAPIVersion only changes the version string: schemas are still 3.0-style', () => {
    expect(raw.openapi).toBe('3.1.0');
    const p = raw.components.schemas.Probe.properties;
    expect(p.when).toEqual({ type: 'string', format: 'date-time', nullable: true });
    expect(p.maybe_switch).toEqual({ type: 'string', enum: ['on', 'off'], nullable: true });
    expect(p.maybe_switch_ref).toEqual({ nullable: true, allOf: [{ $ref: '#/components/schemas/Switch' }] });
    expect(p.maybe_inner).toEqual({
      nullable: true,
      description: 'nested or null',
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/Inner' }],
    });
    expect(p.positive).toMatchObject({ minimum: 0, exclusiveMinimum: true, example: 5 });
    expect(jsonSchema2020Problems(raw).length).toBeGreaterThan(0);
  });

  test('toOpenApi31 turns it into valid JSON Schema 2020-12', () => {
    const doc = toOpenApi31(raw);
    const p = doc.components.schemas.Probe.properties;
    expect(p.when).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(p.maybe_switch).toEqual({ type: ['string', 'null'], enum: ['on', 'off', null] });
    expect(p.maybe_switch_ref).toEqual({ anyOf: [{ $ref: '#/components/schemas/Switch' }, { type: 'null' }] });
    expect(p.maybe_inner).toEqual({ description: 'nested or null', anyOf: [{ $ref: '#/components/schemas/Inner' }, { type: 'null' }] });
    expect(p.positive).toEqual({ type: 'integer', exclusiveMinimum: 0, examples: [5] });
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
    expect(jsonSchema2020Problems(doc)).toEqual([]);
  });

  test('@All expands to 8 operations (incl. non-OpenAPI "search") that overwrite @Head/@Get on the same path', () => {
    const item = raw.paths['/probe/x'];
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'search']);
    expect(item.get.operationId).toBe('ProbeController_other_get'); // the real @Get handler is gone
    expect(item.head.operationId).toBe('ProbeController_other_head');
  });

  test("an Express 5 wildcard {*path} is rendered as a plain {path} parameter (which cannot contain '/')", () => {
    expect(Object.keys(raw.paths)).toContain('/probe/files/{path}');
  });
});
