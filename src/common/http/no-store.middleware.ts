import type { NextFunction, Request, Response } from 'express';

/** The prefix of every API: the public calls and the reseller, console and operator APIs. */
const API_PREFIX = '/api/';

/**
 * `Cache-Control: no-store` on every API answer, errors and downloads (statement CSVs) included:
 * they carry one tenant's data, a session's CSRF token or an operator's view, which no browser or
 * shared cache may keep. Set on arrival, so whatever writes the answer later (a controller, the
 * error filter, a guard) keeps it; a route that is meant to be cached says so itself and replaces
 * it (the public catalog and plans: `public, max-age=60`; a stream: `no-cache, no-transform`).
 */
export function noStoreOnApiAnswers() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.url.startsWith(API_PREFIX)) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
