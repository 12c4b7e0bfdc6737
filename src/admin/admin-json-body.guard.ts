import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { JsonBounds, readJsonObjectBody } from '../common/http/json-body';

const ADMIN_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Operator bodies are small, flat DTOs (the deepest, a catalog entry's upstreams, is 3 levels):
 * tighter bounds than public input keep the global ValidationPipe's class-transformer pass, which
 * grows quadratically with keys, to a few milliseconds.
 */
export const ADMIN_JSON_BOUNDS: JsonBounds = { maxDepth: 8, maxNodes: 1_000 };

/**
 * Reads the JSON body of an operator API call. A guard placed after AdminAuthGuard, not a
 * middleware, so that nothing of the body is read (or waited for) before the admin token is
 * checked; guards run before pipes, so `@Body()` sees it. The global body parser is off.
 */
@Injectable()
export class AdminJsonBodyGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const length = req.headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
    req.body = hasBody && req.method !== 'GET' ? await readJsonObjectBody(req, ADMIN_BODY_LIMIT_BYTES, ADMIN_JSON_BOUNDS) : {};
    return true;
  }
}
