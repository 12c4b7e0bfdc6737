/**
 * The API's routes as the clients see them, computed by the compiler from the generated `paths`
 * (generated/openapi.ts, from openapi.json): one entry per method and path, with what it takes and
 * what it answers. Nothing here is written by hand per route, so a route or field that changes on
 * the server changes these types once openapi.json is regenerated, and every client call that no
 * longer fits is a compile error.
 */
import type { paths } from './generated/openapi.js';

/** The methods of the typed routes (HEAD and OPTIONS are the framework's, not routes of their own). */
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The operation of a path and method; never when the path has no such method. */
type OperationAt<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** Every operation of the document, keyed `METHOD /path`. */
type Operations = {
  [P in keyof paths]: {
    [M in Method]: [OperationAt<P, M>] extends [never] ? never : { route: `${Uppercase<M>} ${P & string}`; operation: OperationAt<P, M> };
  }[Method];
}[keyof paths];

/** No parameters in that place: an object type without keys (so `keyof` is never). */
type NoParameters = Record<never, never>;

/** The object type of a parameter location, or NoParameters when the route has none there. */
type ParametersIn<Op, In extends 'path' | 'query'> = Op extends { parameters: { [K in In]?: infer X } }
  ? [NonNullable<X>] extends [never]
    ? NoParameters
    : NonNullable<X>
  : NoParameters;

/** The JSON request body, or never when the route takes none (`requestBody?: never`). */
type BodyOf<Op> = Op extends { requestBody?: infer Body }
  ? [NonNullable<Body>] extends [never]
    ? never
    : NonNullable<Body> extends { content: { 'application/json': infer B } }
      ? B
      : never
  : never;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;
type SuccessStatusOf<Op> = Extract<keyof ResponsesOf<Op>, SuccessStatus>;
/** The JSON of an answer; void when it has none (204). */
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : void;

/** What one route takes and answers. */
export interface RouteSpec {
  /** Its path parameters (`{ id: string }`). */
  params: object;
  /** Its query parameters. */
  query: object;
  /** Its JSON body; never when it takes none. */
  body: unknown;
  /** The JSON of its success answer; void when there is none (204). */
  response: unknown;
  /** The status of its success answer. */
  status: number;
}

type Describe<Op> = {
  params: ParametersIn<Op, 'path'>;
  query: ParametersIn<Op, 'query'>;
  body: BodyOf<Op>;
  response: JsonOf<ResponsesOf<Op>[SuccessStatusOf<Op>]>;
  status: SuccessStatusOf<Op>;
};

/** Every route of the API, keyed `GET /api/reseller/v1/customers/{id}`. */
export type ApiRoutes = { [O in Operations as O['route']]: Describe<O['operation']> };

/** The routes under one API's prefix, keyed by method and the path after it (`GET /customers/{id}`). */
export type RoutesUnder<Prefix extends string> = {
  [R in keyof ApiRoutes as R extends `${infer M} ${Prefix}/${infer Rest}` ? `${M} /${Rest}` : never]: ApiRoutes[R];
};

export const RESELLER_PREFIX = '/api/reseller/v1';
export const CONSOLE_PREFIX = '/api/console/v1';
export const ADMIN_PREFIX = '/api/admin/v1';
export const PUBLIC_PREFIX = '/api/public/v1';

/** The reseller API (`/api/reseller/v1`): a management key, or a tenant user's session. */
export type ResellerRoutes = RoutesUnder<typeof RESELLER_PREFIX>;
export type ResellerRoute = keyof ResellerRoutes;
/** The console API (`/api/console/v1`): sign-up, the session, the tenant's users and invitations. */
export type ConsoleRoutes = RoutesUnder<typeof CONSOLE_PREFIX>;
export type ConsoleRoute = keyof ConsoleRoutes;
/** The operator API (`/api/admin/v1`): the operator token, or an operator's session. */
export type AdminRoutes = RoutesUnder<typeof ADMIN_PREFIX>;
export type AdminRoute = keyof AdminRoutes;
/** The public API's routes besides the calls (`/api/public/v1`): the catalog and the plans, without a key. */
export type PublicRoutes = RoutesUnder<typeof PUBLIC_PREFIX>;
export type PublicRoute = keyof PublicRoutes;

/** The routes of a list (ROUTES, generated) under a prefix, as RoutesUnder keys them. */
export function routesUnder<R extends string>(routes: readonly string[], prefix: string): R[] {
  return routes.flatMap((route) => {
    const [method, path] = route.split(' ');
    return path.startsWith(`${prefix}/`) ? [`${method} ${path.slice(prefix.length)}` as R] : [];
  });
}
