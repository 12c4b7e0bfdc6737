import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { JsonBounds, readJsonObjectBody } from './json-body';

const MANAGEMENT_BODY_LIMIT_BYTES = 1_048_576;

/**
 * The operator's and resellers' bodies are small, flat DTOs (the deepest, a catalog entry's upstreams, is 3 levels):
 * tighter bounds than public input keep the global ValidationPipe's class-transformer pass, which
 * grows quadratically with keys, to a few milliseconds.
 */
export const MANAGEMENT_JSON_BOUNDS: JsonBounds = { maxDepth: 8, maxNodes: 1_000 };

/**
 * Reads the JSON body of an operator or reseller API call. A guard placed after the token's guard, not a
 * middleware, so that nothing of the body is read (or waited for) before the token is
 * checked; guards run before pipes, so `@Body()` sees it. The global body parser is off.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const length = req.headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
    req.body = hasBody && req.method !== 'GET' ? await readJsonObjectBody(req, MANAGEMENT_BODY_LIMIT_BYTES, MANAGEMENT_JSON_BOUNDS) : {};
    return true;
  }
}
