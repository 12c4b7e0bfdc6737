import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { AppModule } from './app.module';
import { buildOpenApiDocument } from './openapi';

/**
 * The API contract as a committed file: openapi.json at the repository's root, written by `npm run
 * api:generate` (src/app/openapi-file.cli.ts) and read by the SDK's type generator
 * (sdk/codegen/generate.ts). test/app/openapi-contract.e2e-spec.ts keeps it equal to what the
 * gateway serves at /docs/openapi.json.
 */
export const OPENAPI_FILE = join(__dirname, '..', '..', 'openapi.json');

/**
 * The OpenAPI document, without a database, Redis or a listening port: the whole application is
 * assembled in Nest's preview mode, which resolves every module and controller class (all the
 * document is made of: routes and decorator metadata) but instantiates no provider, so nothing
 * connects and no lifecycle hook runs. The settings are the defaults, not the environment's: the
 * document depends on no setting, and the file must not depend on who generates it.
 */
export async function createOpenApiDocument(): Promise<OpenAPIObject> {
  const options = { config: loadConfig({}), databaseUrl: 'postgresql://unused.invalid/none', adminToken: 'unused' };
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), new ExpressAdapter(), {
    preview: true,
    // Preview mode logs a warning banner; the script's output is the file it writes.
    logger: false,
    abortOnError: false,
  });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}

/**
 * The file's text: two-space JSON with a final newline. Key order is the document's own, which
 * follows the source (module imports, controller and decorator order), so the same code always
 * gives the same bytes; the order is also Swagger UI's, so it is not re-sorted.
 */
export function openApiFileText(doc: OpenAPIObject): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
