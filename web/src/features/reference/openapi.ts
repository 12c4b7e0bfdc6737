/**
 * Reading the gateway's OpenAPI document (/docs/openapi.json) for the website's API reference and its
 * endpoint pages: the operations of each API (public, reseller, console, operator) grouped by tag,
 * and any schema flattened into rows of fields a person can read. Pure functions of the document
 * (test/web/openapi-reading.spec.ts runs them on the committed openapi.json).
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
};

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { description?: string; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  [extension: `x-${string}`]: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One operation as the reference shows it. */
export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  parameters: Parameter[];
  requestBody?: { description?: string; schema?: Schema };
  responses: Array<{ status: string; description: string; schema?: Schema }>;
}

export interface ApiTagGroup {
  tag: string;
  operations: ApiOperation[];
}

/** The APIs by path prefix; the operator's is shown apart, on its own page. */
export const APIS = [
  { id: 'public', title: 'Public API', prefixes: ['/api/public/', '/api/openai/'], operator: false },
  { id: 'reseller', title: 'Reseller API', prefixes: ['/api/reseller/'], operator: false },
  { id: 'console', title: 'Console API (sign-in, users)', prefixes: ['/api/console/'], operator: false },
  { id: 'operator', title: 'Operator API', prefixes: ['/api/admin/'], operator: true },
] as const;

export type ApiId = (typeof APIS)[number]['id'];

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'];

/** The operations of one API, grouped by their first tag, in the document's order. */
export function operationsOf(doc: OpenApiDocument, api: ApiId): ApiTagGroup[] {
  const { prefixes } = APIS.find((a) => a.id === api)!;
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!prefixes.some((prefix) => path.startsWith(prefix))) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      groups.set(tag, list);
      list.push({
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description,
        parameters: op.parameters ?? [],
        requestBody: op.requestBody && {
          description: op.requestBody.description,
          schema: Object.values(op.requestBody.content ?? {})[0]?.schema,
        },
        responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
          status,
          description: response.description ?? '',
          schema: Object.values(response.content ?? {})[0]?.schema,
        })),
      });
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/**
 * The schema an error response names (`$ref`), by its name: ErrorBody, or the OpenAI door's
 * envelope. Nearly every operation answers four to six errors with one of two bodies, so the
 * reference shows each body's fields once per API and links it from every error response.
 */
export function errorBodyOf(response: ApiOperation['responses'][number]): string | undefined {
  return Number(response.status) >= 400 ? response.schema?.$ref?.split('/').pop() : undefined;
}

/** The error bodies the operations of some tag groups name, in the order first met. */
export function errorBodiesOf(groups: ApiTagGroup[]): string[] {
  const names = new Set<string>();
  for (const { operations } of groups)
    for (const operation of operations)
      for (const response of operation.responses) {
        const name = errorBodyOf(response);
        if (name) names.add(name);
      }
  return [...names];
}

/** A field of a schema, flattened: `data[].id`, its type in words, whether it is required. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  /** One of the alternatives of its object's `oneOf` (`input` or `messages`): required unless another is sent. */
  alternative?: boolean;
  description?: string;
}

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop()!;
  return { ...(doc.components?.schemas?.[name] ?? {}), ...schema, $ref: undefined };
}

/** allOf merged and a nullable anyOf ([T, null]) read as T; the schema's own description wins. */
function normalise(doc: OpenApiDocument, raw: Schema): { schema: Schema; nullable: boolean } {
  let schema = resolve(doc, raw);
  let nullable = false;
  if (schema.allOf?.length === 1) schema = { ...resolve(doc, schema.allOf[0]), description: schema.description, allOf: undefined };
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.some((a) => a.type === 'null')) {
    const rest = alternatives.filter((a) => a.type !== 'null');
    nullable = true;
    if (rest.length === 1) schema = { ...resolve(doc, rest[0]), description: schema.description ?? rest[0].description };
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    nullable = true;
    schema = { ...schema, type: schema.type.filter((t) => t !== 'null') };
  }
  return { schema, nullable };
}

/** A schema's type in words: `string (uuid)`, `array of CustomerView`, `one of: active, suspended`, `or null`. */
export function typeLabel(doc: OpenApiDocument, raw: Schema): string {
  const { schema, nullable } = normalise(doc, raw);
  const refName = (s: Schema) => s.$ref?.split('/').pop();
  let label: string;
  if (schema.enum) label = `one of: ${schema.enum.map(String).join(', ')}`;
  else if (Array.isArray(schema.type)) label = schema.type.join(' or ');
  else if (schema.type === 'array' && schema.items) label = `array of ${refName(schema.items) ?? typeLabel(doc, schema.items)}`;
  else if (schema.type) label = schema.format ? `${schema.type} (${schema.format})` : schema.type;
  else if (schema.anyOf ?? schema.oneOf) label = (schema.anyOf ?? schema.oneOf)!.map((s) => refName(s) ?? typeLabel(doc, s)).join(' or ');
  else label = schema.properties ? 'object' : 'any';
  return nullable ? `${label} or null` : label;
}

/** Every field of an object schema, nested ones under their parent's name, to a depth of four. */
export function fieldRows(doc: OpenApiDocument, raw: Schema | undefined, prefix = '', depth = 0): FieldRow[] {
  if (!raw || depth > 3) return [];
  const { schema } = normalise(doc, raw);
  if (schema.type === 'array' && schema.items) return fieldRows(doc, schema.items, prefix ? `${prefix}[]` : '[]', depth);
  const required = new Set(schema.required ?? []);
  const alternatives = new Set((schema.oneOf ?? []).flatMap((group) => group.required ?? []));
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const full = prefix ? `${prefix}.${name}` : name;
    const { schema: inner } = normalise(doc, field);
    const row: FieldRow = {
      name: full,
      type: typeLabel(doc, field),
      required: required.has(name),
      ...(alternatives.has(name) ? { alternative: true } : {}),
      description: inner.description,
    };
    const nested = inner.properties || inner.items ? fieldRows(doc, field, full, depth + 1) : [];
    return [row, ...nested];
  });
}

/** The seeded slugs' request fields (the public call's `x-slug-inputs`, src/gateway/slug-inputs.ts). */
export function slugInput(doc: OpenApiDocument, slug: string): Schema | undefined {
  const inputs = doc.paths['/api/public/v1/{slug}']?.post?.['x-slug-inputs'] as Record<string, Schema> | undefined;
  return inputs?.[slug];
}
