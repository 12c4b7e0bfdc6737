import { Injectable, PipeTransform } from '@nestjs/common';
import { isValidSlug } from './slug';
import { GatewayError } from '../common/errors/error-catalog';

/**
 * A `:slug` path parameter of the operator API: 400 unless it could name a catalog endpoint, like
 * ParseUUIDPipe for ids. Nothing else (a NUL, which Postgres text cannot hold) reaches a query.
 */
@Injectable()
export class ParseSlugPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !isValidSlug(value)) {
      throw new GatewayError('invalid_request', 'The slug in the path is not <category>.<operation> (e.g. text.generate).');
    }
    return value;
  }
}
