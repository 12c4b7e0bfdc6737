import { Injectable, PipeTransform } from '@nestjs/common';
import { EVERY_SLUG } from '../../keys/customer-prices';
import { isValidSlug } from '../../catalog/slug';
import { GatewayError } from '../../common/errors/error-catalog';

/** The `:slug` of a markup route: 400 unless it could name a catalog endpoint (as ParseSlugPipe) or is `*` (every slug). */
@Injectable()
export class ParseMarkupSlugPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (value === EVERY_SLUG) return value;
    if (typeof value !== 'string' || !isValidSlug(value)) {
      throw new GatewayError(
        'invalid_request',
        'The slug in the path is not <category>.<operation> (e.g. text.generate), nor * (every slug).',
      );
    }
    return value;
  }
}
