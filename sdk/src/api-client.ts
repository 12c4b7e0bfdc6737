/**
 * What the management clients share (reseller, console, operator): `request`, one typed call of any
 * route of their API, à la openapi-fetch, over the generated contract (contract.ts); `url` for the
 * links a browser follows itself (a CSV download); and `each` for paged lists. Bodies and answers
 * keep the API's own snake_case field names, exactly as documented.
 */
import type { RouteSpec } from './contract.js';
import { UnexpectedResponseError } from './errors.js';
import { readRateLimit, type RateLimitState } from './rate-limit.js';
import type { RetrySetting } from './retry.js';
import type { BrowserSession } from './session.js';
import { Transport, queryString, type FetchLike, type QueryValue, type RequestOptions } from './transport.js';

/** An answer of a management API: its body, its request id, its rate-limit state and its ETag. */
export interface ApiResult<T> {
  data: T;
  requestId: string | null;
  rateLimit: RateLimitState;
  /** The version of what the answer holds (limits documents): pass it as `ifMatch` to change exactly that version. */
  etag: string | null;
}

/** Settings every management client takes, whatever its credentials. */
export interface ClientSettings {
  /**
   * The gateway's origin, e.g. `https://gateway.example.com`. With a session it may be left out:
   * the page's own origin.
   */
  baseUrl?: string;
  /**
   * Retries (off unless set). Reads, replacements and deletions (GET, PUT, DELETE) are repeated after
   * any connection failure or 5xx; creations and actions (POST, PATCH) only after the failures that
   * are safe for every call (429, a refused connection).
   */
  retry?: RetrySetting;
  fetch?: FetchLike;
  headers?: Record<string, string>;
}

/** A browser's console session instead of a key: the cookie, and its CSRF token on unsafe methods. */
export interface SessionCredentials {
  session: BrowserSession;
}

/** One page of a paged list, as every list route answers. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

type Keys<T> = keyof T;
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/** A route's query: its optional parameters may also be null (absent), as a form's cleared field is. */
export type QueryOf<S extends RouteSpec> = Omit<S['query'], OptionalKeys<S['query']>> & {
  [K in OptionalKeys<S['query']>]?: S['query'][K] | null;
};

/** What a call of a route takes besides the route: the parameters, query and body it has, required where the API requires them. */
export type RouteArgs<S extends RouteSpec> = (Keys<S['params']> extends never ? { params?: never } : { params: S['params'] }) &
  (object extends QueryOf<S> ? { query?: QueryOf<S> } : { query: QueryOf<S> }) &
  ([S['body']] extends [never] ? { body?: never } : { body: S['body'] });

/** The arguments of `request` after the route: optional when the route needs none. */
export type RequestArgs<S extends RouteSpec> =
  object extends RouteArgs<S> ? [args?: RouteArgs<S>, options?: RequestOptions] : [args: RouteArgs<S>, options?: RequestOptions];

/** The loose shape the clients' own methods pass (each typed per route where it is declared). */
interface LooseArgs {
  params?: object;
  query?: object;
  body?: unknown;
}

const IDEMPOTENT_METHODS = new Set(['GET', 'PUT', 'DELETE']);

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export abstract class ApiClient<Routes extends { [R in keyof Routes]: RouteSpec }> {
  protected readonly transport: Transport;

  /** `prefix`: the API's path (`/api/reseller/v1`), which the route keys leave out. */
  protected constructor(
    transport: Transport,
    private readonly prefix: string,
  ) {
    this.transport = transport;
  }

  /**
   * Calls any route of this client's API, typed by the contract:
   *
   *   const { data } = await client.request('GET /customers/{id}', { params: { id } });
   */
  request<R extends keyof Routes & string>(
    route: R,
    ...[args, options]: RequestArgs<Routes[R]>
  ): Promise<ApiResult<Routes[R]['response']>> {
    return this.exchange(route, args ?? {}, options);
  }

  /**
   * The URL of a GET route, for what the browser fetches itself (a download link: the cookie goes
   * with it, and a GET needs no CSRF token). Relative to the page when the client has no base URL.
   */
  url<R extends keyof Routes & `GET ${string}`>(route: R, ...[args]: RequestArgs<Routes[R]>): string {
    return `${this.transport.baseUrl}${this.pathOf(route, args ?? {})}`;
  }

  /**
   * Every item of a paged list, page after page:
   *
   *   for await (const customer of client.each((cursor) => client.customers.list({ cursor })))
   */
  async *each<T>(page: (cursor: string | undefined) => Promise<ApiResult<Page<T>>>): AsyncGenerator<T> {
    let cursor: string | undefined;
    do {
      const { data } = await page(cursor);
      yield* data.data;
      cursor = data.next_cursor ?? undefined;
    } while (cursor);
  }

  /** For the clients' named methods: `request`, with the arguments each method builds itself. */
  protected send<R extends keyof Routes & string>(
    route: R,
    args: { params?: Routes[R]['params']; query?: QueryOf<Routes[R]>; body?: Routes[R]['body'] },
    options: RequestOptions | undefined,
  ): Promise<ApiResult<Routes[R]['response']>> {
    return this.exchange(route, args, options);
  }

  /** Sends a route's request and reads its JSON answer (undefined for 204). */
  private async exchange<T>(route: string, args: LooseArgs, options: RequestOptions | undefined): Promise<ApiResult<T>> {
    const method = route.slice(0, route.indexOf(' ')) as HttpMethod;
    const { response, receivedAt } = await this.transport.send({
      method,
      path: this.pathOf(route, args),
      body: args.body,
      idempotent: IDEMPOTENT_METHODS.has(method),
      options,
    });
    const requestId = response.headers.get('x-service-request-id');
    const rateLimit = readRateLimit(response.headers, receivedAt);
    const text = response.status === 204 ? '' : await response.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      throw new UnexpectedResponseError({
        code: 'unexpected_response',
        status: response.status,
        message: `${route}: the answer is not JSON: ${text.slice(0, 200)}`,
        requestId,
        rateLimit,
      });
    }
    // The contract's type of the answer: the server's own (test/app/openapi-contract.e2e-spec.ts).
    return { data: data as T, requestId, rateLimit, etag: response.headers.get('etag') };
  }

  /** The route's path with its parameters filled in (encoded) and its query string. */
  private pathOf(route: string, args: LooseArgs): string {
    const template = route.slice(route.indexOf(' ') + 1);
    const params = (args.params ?? {}) as Record<string, string>;
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (!value) throw new TypeError(`${route}: "${name}" is required`);
      return encodeURIComponent(value);
    });
    return `${this.prefix}${path}${queryString(args.query as Record<string, QueryValue> | undefined)}`;
  }
}
