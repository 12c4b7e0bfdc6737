import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { readJsonObjectBody } from '../gateway/json-body';

const ADMIN_BODY_LIMIT_BYTES = 1_048_576;

/**
 * JSON bodies of the operator API. The global body parser is off (public calls read their body
 * only after authentication and limits); errors thrown here reach the global exception filter.
 */
@Injectable()
export class AdminJsonBodyMiddleware implements NestMiddleware {
  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    const length = req.headers['content-length'];
    const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
    req.body = hasBody && req.method !== 'GET' ? await readJsonObjectBody(req, ADMIN_BODY_LIMIT_BYTES) : {};
    next();
  }
}
