import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { CatalogService } from '../../catalog/catalog.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { callOf } from '../call-context';
import { refuseUnlessAllowed } from '../endpoint-access';

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
    refuseUnlessAllowed(call.caller, endpoint);
    return true;
  }
}
