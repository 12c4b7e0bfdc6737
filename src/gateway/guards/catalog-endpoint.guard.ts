import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { CatalogService } from '../../catalog/catalog.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { callOf } from '../call-context';

/**
 * Resolves the slug of a public call from the in-memory catalog (404 / 503), and refuses an
 * endpoint whose category the caller's plan does not include (403).
 */
@Injectable()
export class CatalogEndpointGuard implements CanActivate {
  constructor(private readonly catalog: CatalogService) {}

  canActivate(context: ExecutionContext): boolean {
    const slug = String(context.switchToHttp().getRequest<{ params: Record<string, string> }>().params.slug);
    const endpoint = this.catalog.find(slug);
    if (!endpoint) throw new GatewayError('endpoint_not_found', `No catalog endpoint has the slug "${slug}".`);
    if (!endpoint.enabled) throw new GatewayError('endpoint_disabled');
    const call = callOf(context);
    call.resolved(endpoint);
    const caller = call.caller;
    const allowed = caller?.allowedCategories;
    if (allowed && !allowed.has(endpoint.category)) {
      throw new GatewayError('endpoint_not_allowed', undefined, { category: endpoint.category, allowed_categories: [...allowed] });
    }
    if (caller?.allowedEndpoints && !caller.allowedEndpoints.allows(endpoint.slug, endpoint.category)) {
      throw new GatewayError('endpoint_not_allowed', 'This key may not call this endpoint.', { slug: endpoint.slug });
    }
    return true;
  }
}
