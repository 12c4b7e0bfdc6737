import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { GatewayError } from '../common/errors/error-catalog';
import { TextGenerateRequest } from './dto/text-generate.request';

/** Slugs whose request body the spec defines; other slugs are validated by their provider. */
const REQUEST_SCHEMAS: Record<string, new () => object> = {
  'text.generate': TextGenerateRequest,
};

/** Validates the caller's input against its slug's schema; 400 invalid_request listing every problem. */
export async function validateInput(slug: string, input: Record<string, unknown>): Promise<void> {
  const schema = REQUEST_SCHEMAS[slug];
  if (!schema) return;
  const errors = await validate(plainToInstance(schema, input), { forbidUnknownValues: false });
  if (errors.length === 0) return;
  const problems = errors.flatMap((e) => Object.values(e.constraints ?? {}));
  throw new GatewayError('invalid_request', problems.join('; '), { problems });
}
