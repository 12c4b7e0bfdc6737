import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import {
  ADMIN_TOKEN_SCHEME,
  MANAGEMENT_KEY_SCHEME,
  COMPONENT_HEADERS,
  CONSOLE_SESSION_SCHEME,
  PUBLIC_API_KEY_SCHEME,
  RESPONSE_HEADERS_EXTENSION,
} from '../common/openapi/openapi.decorators';
import { USD_AMOUNT_SCHEMA, USD_AMOUNT_SCHEMA_NAME } from '../common/money/usd-amount.decorators';
import { SESSION_COOKIE } from '../sessions/console-sessions';
import { serveDocsPages } from './docs-pages';

/** Swagger UI at /docs, the document at /docs/openapi.json (no YAML). */
export const OPENAPI_UI_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';

/**
 * What the Swagger UI page (and everything under /docs) may load: its own scripts, styles, images
 * and fonts, and calls to the gateway itself ("Try it out"); nothing from elsewhere, no framing.
 * Styles allow 'unsafe-inline': the page has two inline <style> blocks and Swagger UI (React) sets
 * style attributes; scripts do not (the page's are all files of its own). Images allow data: URIs,
 * which swagger-ui.css uses for its icons.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the OpenAPI 3.1 document and Swagger UI, and the docs/ pages (`docsDir`) under /docs/guide.
 * Must run BEFORE `app.init()`: Nest registers its 404 handler during init, and Express never
 * reaches routes added after it. The UI's assets come from the swagger-ui-dist package in
 * node_modules (no CDN); the document is built on the first request, not at start-up. Every answer
 * under /docs carries DOCS_CONTENT_SECURITY_POLICY and X-Frame-Options: DENY.
 */
export function setupOpenApi(app: NestExpressApplication, docsDir: string): void {
  app.use(`/${OPENAPI_UI_PATH}`, (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY);
    res.setHeader('X-Frame-Options', 'DENY');
    next();
  });
  serveDocsPages(app, docsDir);
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Unified API gateway',
    // Swagger UI would otherwise send the document's URL to validator.swagger.io for a badge.
    swaggerOptions: { validatorUrl: null },
  });
}

/** The document itself (also usable without serving it, e.g. to write it to a file in CI). */
export function buildOpenApiDocument(app: NestExpressApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0') // only changes the `openapi` string; schemas stay 3.0-style (see toOpenApi31)
    .setTitle('Unified API gateway')
    .setDescription('One public endpoint in front of a catalog of upstream services, the reseller API and the operator API.')
    .setVersion('1.0.0') // the document's version (the public API is v1), not the package's
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: 'A tenant API key.' }, PUBLIC_API_KEY_SCHEME)
    // bearerFormat is set explicitly: addBearerAuth() defaults it to 'JWT'.
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'opaque token', description: 'The operator token (ADMIN_TOKEN).' },
      ADMIN_TOKEN_SCHEME,
    )
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'gwm_ key', description: "A tenant's management key (the reseller API only)." },
      MANAGEMENT_KEY_SCHEME,
    )
    .addCookieAuth(
      SESSION_COOKIE,
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          "A signed-in console user's session (POST /api/console/v1/session). Requests it authenticates with POST, PUT, PATCH or DELETE must send the session's `csrf_token` in `X-CSRF-Token`, from the console's own origin. Accepted by the console API, the reseller API (tenant users, by role) and the operator API (operator users).",
      },
      CONSOLE_SESSION_SCHEME,
    )
    .build();
  // DocumentBuilder has no addHeader(); createDocument merges config.components into the scan.
  // The one money schema is not a class, so no DTO scan would add it: every money property references it.
  config.components = {
    ...config.components,
    headers: { ...COMPONENT_HEADERS },
    schemas: { ...config.components?.schemas, [USD_AMOUNT_SCHEMA_NAME]: USD_AMOUNT_SCHEMA },
  };
  const scanned = SwaggerModule.createDocument(app, config);
  return toOpenApi31(applyResponseHeaders(scanned));
}

// -------------------------------------------------------------------------------------------------
// Response headers on every response (see ApiResponseHeaders in common/openapi/openapi.decorators.ts)
// -------------------------------------------------------------------------------------------------

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * For each operation carrying the `x-response-headers` extension, adds a $ref to
 * components.headers/<name> to every one of its responses and drops the extension.
 */
export function applyResponseHeaders(doc: OpenAPIObject): OpenAPIObject {
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation: unknown = pathItem[method];
      if (!isObject(operation)) continue;
      // Written by ApiResponseHeaders (a list of COMPONENT_HEADERS names).
      const names = operation[RESPONSE_HEADERS_EXTENSION] as string[] | undefined;
      if (!names) continue;
      delete operation[RESPONSE_HEADERS_EXTENSION];
      eachValue(operation.responses, (response) => {
        if (!isObject(response) || '$ref' in response) return;
        response.headers ??= {};
        const headers = response.headers;
        if (!isObject(headers)) return;
        for (const name of names) headers[name] ??= { $ref: `#/components/headers/${name}` };
      });
    }
  }
  return doc;
}

// -------------------------------------------------------------------------------------------------
// OpenAPI 3.0 → 3.1 schema conversion
// -------------------------------------------------------------------------------------------------

/** A JSON object whose values are not known yet: narrowed with the guards below before use. */
type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * Calls `visit` on every top-level Schema Object of an OpenAPI 3.x document and stores what it
 * returns in its place: components.schemas, and the `schema` of every parameter, header and media
 * type, wherever those live (paths, webhooks, callbacks, components.*). Subschemas (properties,
 * items, allOf, ...) are the visitor's business. Reference Objects ({ $ref } outside a schema) are
 * left alone: what they point to is visited where it is defined.
 *
 * The walk follows the OpenAPI structure instead of looking for keys anywhere, so a property
 * *named* "nullable" or "schema" is never mistaken for a keyword.
 */
export function visitSchemas(doc: Json, visit: (schema: unknown) => unknown): void {
  const content = (c: unknown) => {
    if (!isObject(c)) return;
    for (const media of Object.values(c)) {
      if (!isObject(media)) continue;
      if ('schema' in media) media.schema = visit(media.schema);
      eachValue(media.encoding, (enc) => {
        if (isObject(enc)) eachValue(enc.headers, parameterLike);
      });
    }
  };
  // Parameters and headers have the same shape: either `schema` or `content`.
  const parameterLike = (p: unknown) => {
    if (!isObject(p) || '$ref' in p) return;
    if ('schema' in p) p.schema = visit(p.schema);
    content(p.content);
  };
  const requestBody = (b: unknown) => {
    if (isObject(b) && !('$ref' in b)) content(b.content);
  };
  const response = (r: unknown) => {
    if (!isObject(r) || '$ref' in r) return;
    eachValue(r.headers, parameterLike);
    content(r.content);
  };
  const callback = (cb: unknown) => {
    if (isObject(cb) && !('$ref' in cb)) eachValue(cb, pathItem);
  };
  const operation = (op: unknown) => {
    if (!isObject(op)) return;
    if (isArray(op.parameters)) op.parameters.forEach(parameterLike);
    requestBody(op.requestBody);
    eachValue(op.responses, response);
    eachValue(op.callbacks, callback);
  };
  function pathItem(item: unknown) {
    if (!isObject(item)) return;
    if (isArray(item.parameters)) item.parameters.forEach(parameterLike);
    for (const method of HTTP_METHODS) operation(item[method]);
  }

  eachValue(doc.paths, pathItem);
  eachValue(doc.webhooks, pathItem);
  const c = isObject(doc.components) ? doc.components : {};
  const schemas = c.schemas;
  if (isObject(schemas)) for (const name of Object.keys(schemas)) schemas[name] = visit(schemas[name]);
  eachValue(c.parameters, parameterLike);
  eachValue(c.headers, parameterLike);
  eachValue(c.requestBodies, requestBody);
  eachValue(c.responses, response);
  eachValue(c.callbacks, callback);
  eachValue(c.pathItems, pathItem);
}

function eachValue(map: unknown, fn: (value: unknown) => void): void {
  if (isObject(map)) Object.values(map).forEach(fn);
}

/**
 * Returns a copy of an OpenAPI 3.0-style document (what @nestjs/swagger emits, even with
 * setOpenAPIVersion('3.1.0')) as OpenAPI 3.1 (JSON Schema 2020-12 schemas):
 *
 *  - `nullable: true`                      → `type: [T, 'null']` (and `null` added to `enum`), or,
 *                                             on a $ref/allOf/anyOf/oneOf schema,
 *                                             `anyOf: [<schema>, { type: 'null' }]`;
 *    `nullable: false`                     → removed.
 *  - `exclusiveMinimum: true, minimum: n`  → `exclusiveMinimum: n` (same for maximum);
 *    `exclusiveMinimum: false`             → removed.
 *  - schema `example: x`                   → `examples: [x]` (`example` is deprecated in 3.1;
 *                                             media-type/parameter `example` is still fine and kept).
 *  - `openapi`                             → '3.1.0'.
 *
 * Applied recursively to every schema and subschema. The input is not modified.
 */
export function toOpenApi31<T extends object>(input: T): T {
  const doc = structuredClone(input) as Json;
  doc.openapi = '3.1.0';
  visitSchemas(doc, convertSchema);
  return doc as T;
}

/** Keywords whose value is one subschema, an array of subschemas, or a map of name → subschema. */
const SUBSCHEMA = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SUBSCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** Annotations that stay on the outer schema when a nullable composite is wrapped in anyOf. */
const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'externalDocs'];

/** Converts one schema and, first, all its subschemas. Booleans and non-objects pass through. */
export function convertSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const s: Json = schema;

  // 1. Subschemas first, so that what is built below is already 3.1.
  for (const key of SUBSCHEMA) {
    if (!(key in s)) continue;
    // `items` as an array is the draft-04 tuple form; 2020-12 calls it prefixItems.
    if (key === 'items' && isArray(s.items)) {
      s.prefixItems = s.items.map(convertSchema);
      delete s.items;
    } else {
      s[key] = convertSchema(s[key]);
    }
  }
  for (const key of SUBSCHEMA_ARRAYS) {
    const list = s[key];
    if (isArray(list)) s[key] = list.map(convertSchema);
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = s[key];
    if (isObject(map)) for (const name of Object.keys(map)) map[name] = convertSchema(map[name]);
  }

  // 2. exclusiveMinimum / exclusiveMaximum: booleans modifying minimum/maximum → numbers.
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof s[exclusive] !== 'boolean') continue;
    if (s[exclusive] && typeof s[bound] === 'number') {
      s[exclusive] = s[bound];
      delete s[bound];
    } else {
      delete s[exclusive]; // false, or true without a bound: means nothing
    }
  }

  // 3. example → examples (schema level only).
  if ('example' in s) {
    if (!isArray(s.examples)) s.examples = [s.example];
    delete s.example;
  }

  // 4. nullable.
  if ('nullable' in s) {
    const nullable = s.nullable === true;
    delete s.nullable;
    if (nullable) return makeNullable(s);
  }
  return s;
}

function makeNullable(s: Json): Json {
  const composite = '$ref' in s || 'allOf' in s || 'anyOf' in s || 'oneOf' in s;
  if (composite) {
    // Wrap: { <annotations>, anyOf: [<the rest>, { type: 'null' }] }. Adding 'null' to `type` would
    // not help here: the $ref / allOf branch would still reject null.
    const outer: Json = {};
    const inner: Json = {};
    for (const [key, value] of Object.entries(s)) (ANNOTATIONS.includes(key) || key.startsWith('x-') ? outer : inner)[key] = value;
    // @nestjs/swagger writes a nullable $ref property as { type: 'object', allOf: [{ $ref }] }: the
    // `type` exists only to carry `nullable` in 3.0. Unwrap it back to the plain { $ref }.
    const keys = Object.keys(inner);
    const onlyAllOf = keys.every((k) => k === 'allOf' || (k === 'type' && inner.type === 'object'));
    const allOf = inner.allOf;
    const target = onlyAllOf && isArray(allOf) && allOf.length === 1 ? allOf[0] : inner;
    return { ...outer, anyOf: [target, { type: 'null' }] };
  }
  if ('type' in s) {
    const types = isArray(s.type) ? s.type : [s.type];
    if (!types.includes('null')) s.type = [...types, 'null'];
  }
  // An enum (or const) is a whitelist: it must list null too, or the `type` change is useless.
  if (isArray(s.enum) && !s.enum.includes(null)) s.enum = [...s.enum, null];
  if ('const' in s) {
    s.enum = [s.const, null];
    delete s.const;
  }
  // No type, no enum: the schema already accepts null; nothing to do.
  return s;
}
