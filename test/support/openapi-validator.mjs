// Validates the OpenAPI document read from stdin with @seriousme/openapi-schema-validator and
// prints { valid, version, errors } as JSON. A separate process because the package is ESM-only
// ("type": "module", no CommonJS build): jest's CommonJS module system (ts-jest) can neither
// require() it nor import() it without --experimental-vm-modules. See openapi-validation.ts.
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { Validator } from '@seriousme/openapi-schema-validator';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const validator = new Validator();
const result = await validator.validate(JSON.parse(Buffer.concat(chunks).toString('utf8')));
process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version ?? null, errors: result.errors ?? null }));
