import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { createOpenApiDocument, OPENAPI_FILE, openApiFileText } from './openapi-file';

/**
 * Writes openapi.json from the application's code, without a running gateway (the first step of
 * `npm run api:generate`; the second generates the SDK's types from the file). `--check` writes
 * nothing and exits 1 when the committed file differs.
 */
async function main(check: boolean): Promise<number> {
  const text = openApiFileText(await createOpenApiDocument());
  if (check) {
    const current = readFileSync(OPENAPI_FILE, 'utf8');
    if (current === text) return 0;
    process.stderr.write(`${OPENAPI_FILE} differs from the application's OpenAPI document: run npm run api:generate\n`);
    return 1;
  }
  writeFileSync(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${OPENAPI_FILE}\n`);
  return 0;
}

main(process.argv.includes('--check')).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
