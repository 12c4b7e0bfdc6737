/**
 * Writes sdk/src/reseller/reseller-api.generated.ts from a running gateway's OpenAPI document (or
 * a saved copy):
 *
 *   node -r ./test/support/ts-register.js sdk/codegen/generate.ts http://127.0.0.1:3000
 *   node -r ./test/support/ts-register.js sdk/codegen/generate.ts ./openapi.json
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateResellerApi, type OpenApiDocument } from './reseller-api-codegen';

export const GENERATED_FILE = join(__dirname, '..', 'src', 'reseller', 'reseller-api.generated.ts');

/**
 * The generated module, formatted as the repository's Prettier settings say. Prettier runs in a
 * child process: its API loads ES modules, which jest's module sandbox cannot.
 */
export function formattedResellerApi(doc: OpenApiDocument): string {
  return execFileSync(process.execPath, [require.resolve('prettier/bin/prettier.cjs'), '--stdin-filepath', GENERATED_FILE], {
    input: generateResellerApi(doc),
    encoding: 'utf8',
  });
}

async function main(source: string | undefined): Promise<void> {
  if (!source) throw new Error('usage: generate.ts <gateway base URL | openapi.json path>');
  const doc = /^https?:\/\//.test(source)
    ? ((await (await fetch(`${source.replace(/\/+$/, '')}/docs/openapi.json`)).json()) as OpenApiDocument)
    : (JSON.parse(readFileSync(source, 'utf8')) as OpenApiDocument);
  writeFileSync(GENERATED_FILE, formattedResellerApi(doc));
  console.log(`wrote ${GENERATED_FILE}`);
}

if (require.main === module) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
