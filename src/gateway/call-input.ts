import type { Request } from 'express';
import { checkJsonValue, PUBLIC_JSON_BOUNDS, readJsonObjectBody } from '../common/http/json-body';

/**
 * A public call's input: its JSON body (POST) or its query string (GET). Read once per call: by
 * CallRateLimitGuard for a caller with budgets (the hold is sized from it), else by GatewayService.
 */
export function readCallInput(req: Request, bodyLimitBytes: number): Promise<Record<string, unknown>> | Record<string, unknown> {
  return req.method === 'GET' ? queryInput(req.query) : readJsonObjectBody(req, bodyLimitBytes);
}

/**
 * GET input: the query string, flat (a repeated parameter becomes an array of strings), with
 * `stream=true|false|1|0` read as the boolean a JSON body would carry. The same bounds and NUL
 * rule as a body apply (a spread copies `__proto__` as an own key, never through the setter).
 */
function queryInput(query: Request['query']): Record<string, unknown> {
  checkJsonValue(query, PUBLIC_JSON_BOUNDS);
  const input: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  if (input.stream === 'true' || input.stream === '1') input.stream = true;
  else if (input.stream === 'false' || input.stream === '0') input.stream = false;
  return input;
}
