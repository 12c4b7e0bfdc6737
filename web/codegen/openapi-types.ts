/**
 * Writes web/src/api/openapi.generated.ts: one TypeScript type per schema of the gateway's OpenAPI
 * document (components.schemas), so the web app reads and sends exactly the fields the server
 * declares. test/web/api-types.e2e-spec.ts regenerates it from a running gateway and fails when the
 * committed file differs: a field renamed on the server breaks the web app's type check instead of a
 * page at run time.
 *
 *   node -r ./test/support/ts-register.js web/codegen/openapi-types.ts http://127.0.0.1:3000
 *   node -r ./test/support/ts-register.js web/codegen/openapi-types.ts ./openapi.json
 *   ... --check     (writes nothing; exits 1 when the committed file differs)
 *
 * Covers the JSON Schema the document uses (2020-12, as OpenAPI 3.1 writes it): $ref, allOf, anyOf,
 * oneOf, enum, type lists (`["string", "null"]`), objects with properties or additionalProperties,
 * arrays. Anything else throws rather than being typed `unknown` silently.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

export const GENERATED_TYPES_FILE = join(__dirname, '..', 'src', 'api', 'openapi.generated.ts');

export interface OpenApiSchemas {
  components: { schemas: Record<string, Schema> };
}

interface Schema {
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
}

const SCALARS: Record<string, string> = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean', null: 'null' };

/** The TypeScript type of one schema (`where` names it in errors). */
function typeOf(schema: Schema, where: string): string {
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!list) continue;
    const types = list.map((s, i) => typeOf(s, `${where}.${key}[${i}]`));
    return types.length === 1 ? types[0] : `(${types.join(key === 'allOf' ? ' & ' : ' | ')})`;
  }
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  if (types.length === 0) throw new Error(`${where}: a schema without a type, $ref, enum or combinator`);
  return types.map((type) => singleType(schema, type, where)).join(' | ');
}

function singleType(schema: Schema, type: string, where: string): string {
  if (type in SCALARS) return SCALARS[type];
  if (type === 'array') {
    if (!schema.items) throw new Error(`${where}: an array without items`);
    const item = typeOf(schema.items, `${where}.items`);
    return /[|&]/.test(item) ? `Array<${item}>` : `${item}[]`;
  }
  if (type !== 'object') throw new Error(`${where}: unsupported type ${type}`);
  if (schema.properties) return objectType(schema, where);
  const extra = schema.additionalProperties;
  if (extra === undefined || extra === true) return 'Record<string, unknown>';
  if (extra === false) return 'Record<string, never>';
  return `Record<string, ${typeOf(extra, `${where}.additionalProperties`)}>`;
}

function objectType(schema: Schema, where: string): string {
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const doc = property.description ? `/** ${property.description.replace(/\*\//g, '*\\/')} */\n` : '';
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `${doc}${key}${required.has(name) ? '' : '?'}: ${typeOf(property, `${where}.${name}`)};`;
  });
  return `{\n${fields.join('\n')}\n}`;
}

/** The module's text (unformatted). */
export function generateTypes(doc: OpenApiSchemas): string {
  const lines = [
    "// Generated from the gateway's OpenAPI document by web/codegen/openapi-types.ts. Do not edit:",
    '// regenerate (see that file) when the API changes; test/web/api-types.e2e-spec.ts checks it is current.',
    '',
  ];
  for (const [name, schema] of Object.entries(doc.components.schemas).sort(([a], [b]) => a.localeCompare(b))) {
    if (schema.description) lines.push(`/** ${schema.description} */`);
    lines.push(`export type ${name} = ${typeOf(schema, name)};`, '');
  }
  return lines.join('\n');
}

/** The module as committed: formatted with the repository's Prettier settings. */
export async function formattedTypes(doc: OpenApiSchemas): Promise<string> {
  const options = await prettier.resolveConfig(GENERATED_TYPES_FILE);
  return prettier.format(generateTypes(doc), { ...options, filepath: GENERATED_TYPES_FILE });
}

async function main(source: string | undefined, check: boolean): Promise<void> {
  if (!source) throw new Error('usage: openapi-types.ts <gateway base URL, e.g. http://127.0.0.1:3000 | a saved openapi.json>');
  let doc: OpenApiSchemas;
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(`${source.replace(/\/+$/, '')}/docs/openapi.json`);
    if (!res.ok) throw new Error(`GET /docs/openapi.json answered ${res.status}`);
    doc = (await res.json()) as OpenApiSchemas;
  } else {
    doc = JSON.parse(readFileSync(source, 'utf8')) as OpenApiSchemas;
  }
  const generated = await formattedTypes(doc);
  if (check) {
    const current = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    if (current !== generated) {
      console.error(`${GENERATED_TYPES_FILE} differs from the OpenAPI document: regenerate it (see web/codegen/openapi-types.ts)`);
      process.exit(1);
    }
    console.log(`${GENERATED_TYPES_FILE} is current`);
    return;
  }
  writeFileSync(GENERATED_TYPES_FILE, generated);
  console.log(`wrote ${GENERATED_TYPES_FILE}`);
}

if (require.main === module) {
  main(process.argv[2], process.argv.includes('--check')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
