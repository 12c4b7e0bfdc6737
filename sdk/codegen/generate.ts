/**
 * Writes sdk/src/generated/openapi.ts from the committed openapi.json (the second step of `npm run
 * api:generate`; the first writes openapi.json from the server's code). The one place the API's
 * TypeScript types come from: the SDK's clients are typed by it, and the web app imports them
 * through the SDK package.
 *
 *   node -r ./test/support/ts-register.js sdk/codegen/generate.ts [openapi.json] [--check | --stdout]
 *
 * openapi-typescript makes the types: `paths` (every route: its path and query parameters, its body
 * and its answers per status), `components` and `operations`, and one named type per schema
 * (`CustomerView`, …). This script adds ROUTES, the same routes as a list at run time, and formats
 * the module with the repository's Prettier settings. test/app/openapi-contract.e2e-spec.ts runs it
 * with --check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import * as prettier from 'prettier';

const ROOT = join(__dirname, '..', '..');
export const OPENAPI_FILE = join(ROOT, 'openapi.json');
export const GENERATED_FILE = join(ROOT, 'sdk', 'src', 'generated', 'openapi.ts');

/** The methods a route can have in `paths` (HEAD and OPTIONS are answered by the framework, not typed routes). */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

const HEADER = `/**
 * GENERATED from openapi.json by sdk/codegen/generate.ts (openapi-typescript); do not edit.
 * Regenerate with \`npm run api:generate\`; test/app/openapi-contract.e2e-spec.ts checks it is current.
 */

`;

/** Every route of the document as `METHOD /path`, in the document's order. */
export function routesOf(doc: OpenAPI3): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** The module's text, formatted. */
export async function generateContractTypes(doc: OpenAPI3): Promise<string> {
  const types = astToString(
    await openapiTS(structuredClone(doc), {
      // `CustomerView` beside `components['schemas']['CustomerView']`: the names the code uses.
      rootTypes: true,
      rootTypesNoSchemaPrefix: true,
      // Required is what the document's `required` says, whether or not a property has a default.
      defaultNonNullable: false,
      silent: true,
    }),
  );
  const routes = [
    '/** Every route of `paths`, as `METHOD /path` (the method in capitals), at run time. */',
    `export const ROUTES = ${JSON.stringify(routesOf(doc))} as const;`,
    '',
    '/** A route of the API: `GET /api/reseller/v1/customers/{id}`, … */',
    'export type Route = (typeof ROUTES)[number];',
  ].join('\n');
  const options = await prettier.resolveConfig(GENERATED_FILE);
  return prettier.format(`${HEADER}${types}\n${routes}\n`, { ...options, filepath: GENERATED_FILE });
}

async function main(args: string[]): Promise<number> {
  const source = args.find((arg) => !arg.startsWith('--')) ?? OPENAPI_FILE;
  const text = await generateContractTypes(JSON.parse(readFileSync(source, 'utf8')) as OpenAPI3);
  if (args.includes('--stdout')) {
    process.stdout.write(text);
    return 0;
  }
  if (args.includes('--check')) {
    if (readFileSync(GENERATED_FILE, 'utf8') === text) return 0;
    process.stderr.write(`${GENERATED_FILE} differs from what ${source} generates: run npm run api:generate\n`);
    return 1;
  }
  writeFileSync(GENERATED_FILE, text);
  process.stdout.write(`wrote ${GENERATED_FILE}\n`);
  return 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
