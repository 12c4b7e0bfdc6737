/**
 * Generates sdk/src/reseller/reseller-api.generated.ts from the gateway's OpenAPI document: one
 * TypeScript type per schema that a reseller route takes or answers with, and ResellerRoutes, the
 * path parameters, query, body and success answer of every route under /api/reseller/v1. The
 * reseller client is written against ResellerRoutes, so a route or field that changes on the server
 * changes the generated file, and test/sdk/reseller-openapi.e2e-spec.ts fails until it is
 * regenerated (and the client still compiles against it).
 *
 * Covers the JSON Schema the document uses (2020-12 as OpenAPI 3.1 writes it): $ref, allOf, anyOf,
 * oneOf, enum, type lists (`["string", "null"]`), objects with properties and additionalProperties,
 * arrays. Nothing else is needed today; something new fails generation rather than being skipped.
 */

export const RESELLER_PREFIX = '/api/reseller/v1';

/** The parts of an OpenAPI 3.1 document the generator reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  summary?: string;
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  description?: string;
  [keyword: string]: unknown;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Keywords that only constrain or describe values, never change the type. */
const ANNOTATIONS = new Set([
  'description',
  'examples',
  'example',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'default',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const STRUCTURE = new Set(['$ref', 'type', 'enum', 'allOf', 'anyOf', 'oneOf', 'properties', 'required', 'additionalProperties', 'items']);

export interface RouteInfo {
  /** `GET /customers/{id}`: the method and the path under /api/reseller/v1. */
  route: string;
  method: string;
  path: string;
  pathParams: string[];
  query: Array<{ name: string; required: boolean; schema: Schema; description?: string }>;
  /** The request body's schema (a $ref), if any. */
  body: Schema | null;
  /** The first 2xx answer: its status and its JSON schema (null: no body). */
  successStatus: number;
  response: Schema | null;
  summary?: string;
}

/** Every route under /api/reseller/v1, in document order. */
export function resellerRoutes(doc: OpenApiDocument): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const [fullPath, item] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith(`${RESELLER_PREFIX}/`)) continue;
    const path = fullPath.slice(RESELLER_PREFIX.length);
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const successCode = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code));
      if (!successCode) throw new Error(`${method.toUpperCase()} ${fullPath} has no 2xx answer`);
      const parameters = operation.parameters ?? [];
      routes.push({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {}, description: p.description })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        successStatus: Number(successCode),
        response: operation.responses[successCode].content?.['application/json']?.schema ?? null,
        summary: operation.summary,
      });
    }
  }
  return routes;
}

/** The name a $ref points at (`#/components/schemas/CustomerView` → `CustomerView`). */
export function refName(ref: string): string {
  const match = /^#\/components\/schemas\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(ref);
  if (!match) throw new Error(`unsupported $ref ${ref}`);
  return match[1];
}

/** The schema names the routes use, with every schema they refer to in turn, in a stable order. */
export function schemasUsedBy(doc: OpenApiDocument, routes: RouteInfo[]): string[] {
  const seen = new Set<string>();
  const visit = (schema: unknown): void => {
    if (Array.isArray(schema)) return schema.forEach(visit);
    if (typeof schema !== 'object' || schema === null) return;
    for (const [keyword, value] of Object.entries(schema)) {
      if (keyword === '$ref' && typeof value === 'string') {
        const name = refName(value);
        if (seen.has(name)) continue;
        const target = doc.components.schemas[name];
        if (!target) throw new Error(`$ref to a missing schema ${name}`);
        seen.add(name);
        visit(target);
      } else if (keyword !== 'examples' && keyword !== 'example' && keyword !== 'default') {
        visit(value);
      }
    }
  };
  for (const route of routes) {
    visit(route.body);
    visit(route.response);
    route.query.forEach((q) => visit(q.schema));
  }
  return [...seen].sort();
}

/** A TypeScript type expression for a schema. */
export function typeOf(schema: Schema | boolean | undefined, indent = ''): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  for (const keyword of Object.keys(schema)) {
    if (!ANNOTATIONS.has(keyword) && !STRUCTURE.has(keyword)) throw new Error(`unsupported schema keyword ${keyword}`);
  }
  if (schema.$ref) return refName(schema.$ref);
  if (schema.allOf)
    return union(
      schema.allOf.map((s) => typeOf(s, indent)),
      ' & ',
    );
  if (schema.anyOf) return union(schema.anyOf.map((s) => typeOf(s, indent)));
  if (schema.oneOf) return union(schema.oneOf.map((s) => typeOf(s, indent)));
  if (schema.enum) return union(schema.enum.map((value) => JSON.stringify(value)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties || schema.additionalProperties !== undefined ? objectType(schema, indent) : 'unknown';
  return union(types.map((type) => typeOfKind(type, schema, indent)));
}

function typeOfKind(type: string, schema: Schema, indent: string): string {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return `Array<${typeOf(schema.items, indent)}>`;
    case 'object':
      return objectType(schema, indent);
    default:
      throw new Error(`unsupported type ${type}`);
  }
}

function union(parts: string[], separator = ' | '): string {
  // In a union, a string or number literal beside its own base type adds nothing (a UUID or
  // "none" is a string): it is dropped, as TypeScript would (and its linter insists).
  const literalOf = (base: string) => (base === 'string' ? /^"/ : /^-?\d/);
  let unique = [...new Set(parts)];
  if (separator === ' | ')
    for (const base of ['string', 'number'])
      if (unique.includes(base)) unique = unique.filter((p) => p === base || !literalOf(base).test(p));
  return unique.length === 1 ? unique[0] : unique.map((p) => (hasTopLevelOperator(p) ? `(${p})` : p)).join(separator);
}

/** Whether a type expression has a `|` or `&` outside brackets and string literals (it needs parentheses inside another). */
function hasTopLevelOperator(type: string): boolean {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === '"') {
      for (i++; i < type.length && type[i] !== '"'; i++) if (type[i] === '\\') i++;
    } else if ('{<(['.includes(c)) depth++;
    else if ('}>)]'.includes(c)) depth--;
    else if (depth === 0 && (c === '|' || c === '&')) return true;
  }
  return false;
}

function objectType(schema: Schema, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  const record = extra === undefined || extra === false ? null : `Record<string, ${typeOf(extra === true ? undefined : extra, indent)}>`;
  if (properties.length === 0) return record ?? 'Record<string, never>';
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  const lines = properties.map(([name, property]) => {
    const doc = typeof property.description === 'string' ? `${inner}/** ${escapeComment(property.description)} */\n` : '';
    return `${doc}${inner}${propertyName(name)}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  const shape = `{\n${lines.join('\n')}\n${indent}}`;
  return record ? `${shape} & ${record}` : shape;
}

const propertyName = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));
const escapeComment = (text: string) => text.replace(/\*\//g, '*\\/').replace(/\s*\n\s*/g, ' ');

/** The type of no parameters at all. */
const NOTHING = 'Record<string, never>';

/** The generated module's text (formatted by the caller). */
export function generateResellerApi(doc: OpenApiDocument): string {
  const routes = resellerRoutes(doc);
  const out: string[] = [
    '/**',
    " * GENERATED from the gateway's /docs/openapi.json by sdk/codegen/reseller-api-codegen.ts; do not edit.",
    ' * Regenerate: SDK_CODEGEN_WRITE=1 npx jest test/sdk/reseller-openapi (or sdk/codegen/generate.ts <gateway URL>).',
    ' */',
    '',
  ];
  for (const name of schemasUsedBy(doc, routes)) {
    const schema = doc.components.schemas[name];
    if (typeof schema.description === 'string') out.push(`/** ${escapeComment(schema.description)} */`);
    const type = typeOf(schema);
    out.push(type.startsWith('{\n') ? `export interface ${name} ${type}` : `export type ${name} = ${type};`, '');
  }
  out.push('/** Every reseller API route (method and path under /api/reseller/v1): what it takes and what it answers. */');
  out.push('export interface ResellerRoutes {');
  for (const route of routes) {
    if (route.summary) out.push(`  /** ${escapeComment(route.summary)} */`);
    const params = route.pathParams.length ? `{ ${route.pathParams.map((p) => `${propertyName(p)}: string`).join('; ')} }` : NOTHING;
    const query = route.query.length
      ? `{ ${route.query.map((q) => `${propertyName(q.name)}${q.required ? '' : '?'}: ${typeOf(q.schema)}`).join('; ')} }`
      : NOTHING;
    const body = route.body ? typeOf(route.body) : 'never';
    const response = route.response ? typeOf(route.response) : 'void';
    out.push(
      `  ${JSON.stringify(route.route)}: { params: ${params}; query: ${query}; body: ${body}; response: ${response}; status: ${route.successStatus} };`,
    );
  }
  out.push('}', '');
  out.push('export type ResellerRoute = keyof ResellerRoutes;', '');
  out.push('/** The same routes at run time. */');
  out.push(`export const RESELLER_ROUTES: readonly ResellerRoute[] = ${JSON.stringify(routes.map((r) => r.route))};`, '');
  return out.join('\n');
}
