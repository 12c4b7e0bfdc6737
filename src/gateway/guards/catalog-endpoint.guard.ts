import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { CatalogService } from '../../catalog/catalog.service';
import { GatewayError } from '../../common/errors/error-catalog';
import type { GatewayRequest } from '../call-context';

/** Resolves the slug of a public call from the in-memory catalog (404 / 503) onto the request context. */
@Injectable()
export class CatalogEndpointGuard implements CanActivate {
  constructor(private readonly catalog: CatalogService) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<GatewayRequest>();
    const endpoint = this.catalog.find(String(request.params.slug));
    if (!endpoint) throw new GatewayError('endpoint_not_found', `No catalog endpoint has the slug "${request.params.slug}".`);
    if (!endpoint.enabled) throw new GatewayError('endpoint_disabled');
    request.ctx.endpoint = endpoint;
    return true;
  }
}
