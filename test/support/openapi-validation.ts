import Ajv2020 from 'ajv/dist/2020';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { visitSchemas } from '../../src/app/openapi';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface OpenApiValidation {
  valid: boolean;
  /** The OpenAPI version the validator recognised ('3.1' for any 3.1.x). */
  version: string | null;
  errors: unknown;
}

/**
 * Validates a document against the official OpenAPI schema of its version (3.1 here), offline,
 * with @seriousme/openapi-schema-validator — run in a child Node process (openapi-validator.mjs)
 * because that package is ESM-only and this jest setup is CommonJS.
 *
 * Note what that schema checks: the document's structure (paths, operations, responses,
 * components, $refs). Schema Objects are only checked to be objects or booleans, so 3.0-isms such
 * as `nullable: true` pass it: `jsonSchema2020Problems` below covers those.
 */
export function validateOpenApi(doc: unknown): Promise<OpenApiValidation> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'openapi-validator.mjs')],
      { maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`openapi validator failed: ${err.message}\n${stderr}`));
        resolve(JSON.parse(stdout) as OpenApiValidation);
      },
    );
    child.stdin!.end(JSON.stringify(doc));
  });
}

/**
 * Compiles every schema of the document with Ajv in JSON Schema 2020-12 mode (the OpenAPI 3.1
 * default dialect), strict: an unknown keyword (`nullable`) or a wrongly typed one
 * (`exclusiveMinimum: true`) throws. Returns the problems found, one line each.
 */
export function jsonSchema2020Problems(doc: object): string[] {
  const root = structuredClone(doc) as Record<string, unknown>;
  const components = isObject(root.components) ? root.components : {};
  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateFormats: false,
    allErrors: true,
  });
  // Ajv understands OpenAPI 3.0's `nullable` out of the box (next to `type`); 3.1 has no such
  // keyword, so remove it: strict mode then rejects it as unknown.
  ajv.removeKeyword('nullable');
  // The OpenAPI 3.1 dialect's own keywords (besides JSON Schema 2020-12's).
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
  // Refs point into the OpenAPI document (#/components/schemas/X); serve them from $defs instead.
  const rebase = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value).replace(/"#\/components\/schemas\//g, '"https://openapi.invalid/document#/$defs/'));
  // Not checked here (4th argument): each component schema is checked below, one by one.
  ajv.addSchema(
    { $id: 'https://openapi.invalid/document', $defs: rebase(components.schemas ?? {}) as object },
    undefined,
    undefined,
    false,
  );
  const problems: string[] = [];
  let n = 0;
  // Every top-level schema: components.schemas.* and each parameter/header/media-type schema.
  visitSchemas(root, (schema) => {
    const id = `https://openapi.invalid/schema-${n++}`;
    try {
      ajv.compile({ $id: id, allOf: [rebase(schema)] } as object);
    } catch (err) {
      problems.push(`${JSON.stringify(schema).slice(0, 200)}: ${(err as Error).message}`);
    }
    return schema;
  });
  return problems;
}
