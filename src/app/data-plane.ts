import { CanActivate, ContextType, ExceptionFilter, ExecutionContext, ForbiddenException, RequestMethod, Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  FILTER_CATCH_EXCEPTIONS,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HOST_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  REDIRECT_METADATA,
  RENDER_METADATA,
  ROUTE_ARGS_METADATA,
  SSE_METADATA,
  VERSION_METADATA,
} from '@nestjs/common/constants';
import { ModulesContainer, type ApplicationConfig } from '@nestjs/core';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { HttpArgumentsHost, RpcArgumentsHost, WsArgumentsHost } from '@nestjs/common/interfaces';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import { failedToAnswer } from '../common/errors/error-response';
import { requestIdOf } from '../common/http/request-id.middleware';

/** Express's application as the data plane uses it: `handle` is its (undeclared) entry for every request. */
type ExpressApp = Express & { handle(req: Request, res: Response, callback?: (err?: unknown) => void): void };

/** An app-level middleware that the data plane runs as Express would; it never passes an error on. */
export type PlainMiddleware = (req: Request, res: Response, next: () => void) => void;

/** The routes a data-plane request can take, and what it skips: Express's router and Nest's route pipeline. */
interface DataPlaneRoute {
  readonly method: 'GET' | 'POST';
  /** `/api/openai/v1/chat/completions`, or the prefix of a route ending in one parameter (`/api/public/v1/`). */
  readonly path: string;
  /** The name of that last parameter (`slug`); null for a route without one. */
  readonly param: string | null;
  readonly controllerClass: Type<unknown>;
  /** The controller's method, as ExecutionContext.getHandler() gives it (decorator metadata is read from it). */
  readonly handlerMethod: (...args: unknown[]) => unknown;
  /** The same method bound to the controller instance. */
  readonly handler: (req: Request, res: Response) => unknown;
  readonly guards: readonly CanActivate[];
  readonly filter: ExceptionFilter;
  /** The status Nest sets once the guards pass (@HttpCode, else 201 for POST and 200 for GET); the handler may set its own. */
  readonly status: number;
}

/**
 * A parameter value the data plane takes as it stands: what Express would hand the handler
 * unchanged (no percent-escape to decode, no character the URL parser treats apart). Anything
 * else (`%2E`, `#`, a space) goes the ordinary way, through Express and Nest, to the same route.
 */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** A path of literal segments only (no parameter, wildcard or group). */
const STATIC_PATH = /^[A-Za-z0-9/._~-]*$/;

/**
 * The public calls' own dispatch (issue 23, point 1: a lean data plane beside Nest's router).
 *
 * A public call is the gateway's hot path; routing it through Express's router (a closure chain
 * per layer) and Nest's route pipeline (an execution context, a guard consumer, an exception zone)
 * cost it a fifth of its allocations. Here the same controllers' GET and POST routes are looked up
 * in one map and run as Nest would run them: the same app-level middleware, the same guard
 * instances in the same order with an equivalent ExecutionContext (so `getHandler()` metadata and
 * @nestjs/throttler's skip decorators still apply), the same handler, and the route's exception
 * filter for whatever they throw.
 *
 * Nest stays the source of truth: each route's path, method, guards and filter are read from its
 * decorators, and install() refuses a route it cannot run exactly as Nest does (another filter
 * set-up, parameters other than @Req() and @Res(), an earlier Express layer that would also take
 * the path). Nest keeps every route registered too: the OpenAPI document, HEAD and other methods,
 * and a URL the data plane does not take as it stands (see PLAIN_SEGMENT) are served there.
 */
export class DataPlane {
  private static readonly installed = new WeakMap<NestExpressApplication, DataPlane>();

  /** By method, then path: looked up without building a key per request. */
  private readonly exact = { GET: new Map<string, DataPlaneRoute>(), POST: new Map<string, DataPlaneRoute>() };
  private readonly prefixed: DataPlaneRoute[] = [];

  /** `GET /api/public/v1/catalog`: paths of a param route that an earlier static route takes in Express. */
  private readonly excluded = { GET: new Set<string>(), POST: new Set<string>() };
  /** Layers Express would run before a data-plane route that do nothing for it (see install). */
  private readonly passThrough = new Set<unknown>();

  private constructor(
    private readonly express: ExpressApp,
    private readonly middleware: readonly PlainMiddleware[],
  ) {}

  /**
   * Puts the data plane in front of the app's Express router for the GET and POST routes of
   * `controllers` (HEAD, other methods and wildcard paths stay with Nest). Call after app.init().
   */
  static install(app: NestExpressApplication, controllers: readonly Type<unknown>[], middleware: readonly PlainMiddleware[]): DataPlane {
    const express = app.getHttpAdapter().getInstance() as ExpressApp;
    const plane = new DataPlane(express, middleware);
    // Global guards and interceptors run on every Nest route: the data plane does not run them.
    // The exclusions and the boot check compare paths as strings: Express must compare them so too.
    if (!express.enabled('case sensitive routing') || !express.enabled('strict routing')) {
      throw new Error('data plane: Express must route case-sensitively and strictly (see createApp)');
    }
    const config = (app as unknown as { config: ApplicationConfig }).config;
    const globals = [
      config.getGlobalGuards(),
      config.getGlobalRequestGuards(),
      config.getGlobalInterceptors(),
      config.getGlobalRequestInterceptors(),
    ];
    if (globals.some((list) => list.length > 0))
      throw new Error('data plane: the app has global guards or interceptors, which the data plane does not run');
    // Nest's ExpressAdapter puts one middleware in first, for its onRequest and onResponse hooks;
    // with neither set (this app sets none) it only calls next().
    const adapter = app.getHttpAdapter() as unknown as { onRequestHook?: unknown; onResponseHook?: unknown };
    const first = plane.router().stack[0];
    if (!adapter.onRequestHook && !adapter.onResponseHook && first && String(first.handle).includes('onRequestHook')) {
      plane.passThrough.add(first.handle);
    }
    const modules = [...app.get(ModulesContainer).values()];
    for (const controllerClass of controllers) {
      // Nest takes a route's guards and filters from the injectables of the controller's own module.
      const home = modules.find((module) => module.controllers.has(controllerClass));
      if (!home) throw new Error(`data plane: ${controllerClass.name} is not a controller of this app`);
      const instanceOf = <T>(type: Type<T>): T => {
        const instance = (home.injectables.get(type) ?? home.providers.get(type))?.instance as T | undefined;
        if (!instance) throw new Error(`data plane: no instance of ${type.name} in ${controllerClass.name}'s module`);
        return instance;
      };
      const controller = home.controllers.get(controllerClass)!.instance as Record<string, unknown>;
      const prototype = controllerClass.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const route = plane.routeOf(controllerClass, controller, name, instanceOf);
        if (route) plane.add(route);
      }
    }
    const handle = express.handle.bind(express);
    // Express's own entry (app(req, res) calls app.handle): a request the data plane does not take
    // goes on exactly as before.
    express.handle = (req: Request, res: Response, callback?: (err?: unknown) => void) => {
      if (!plane.take(req, res)) handle(req, res, callback);
    };
    DataPlane.installed.set(app, plane);
    return plane;
  }

  /** The data plane install() put in front of `app`, if any. */
  static of(app: NestExpressApplication): DataPlane | undefined {
    return DataPlane.installed.get(app);
  }

  /** The routes taken, `POST /api/public/v1/:slug` and so on (for the startup check and tests). */
  routes(): string[] {
    return [...this.exact.GET.values(), ...this.exact.POST.values(), ...this.prefixed].map(
      (r) => `${r.method} ${r.path}${r.param ? `:${r.param}` : ''}`,
    );
  }

  /** Runs the request when it is a data-plane route's; false leaves it to Express. */
  take(req: Request, res: Response): boolean {
    const method = req.method;
    if (method !== 'POST' && method !== 'GET') return false;
    const url = req.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let route = this.exact[method].get(path);
    let params: Record<string, string> | undefined;
    if (!route) {
      for (const candidate of this.prefixed) {
        if (candidate.method !== method || !path.startsWith(candidate.path)) continue;
        const value = path.slice(candidate.path.length);
        if (!PLAIN_SEGMENT.test(value) || this.excluded[method].has(path)) return false;
        route = candidate;
        params = { [candidate.param!]: value };
        break;
      }
      if (!route) return false;
    }
    try {
      this.prepare(req, res, params ?? {});
      this.runMiddleware(0, route, req, res);
    } catch (err) {
      // Express would catch a middleware's throw and answer 500: so does the data plane.
      failedToAnswer(res, requestIdOf(req), err);
    }
    return true;
  }

  /** What Express's app.handle and router give every request before its route's handler runs. */
  private prepare(req: Request, res: Response, params: Record<string, string>): void {
    req.res = res;
    res.req = req;
    // Born with them on the app's own server (ExpressBornAdapter); swapped as Express does otherwise.
    if (Object.getPrototypeOf(req) !== this.express.request) Object.setPrototypeOf(req, this.express.request);
    if (Object.getPrototypeOf(res) !== this.express.response) Object.setPrototypeOf(res, this.express.response);
    if (!res.locals) res.locals = Object.create(null) as Record<string, unknown>;
    req.baseUrl = '';
    req.originalUrl = req.url;
    req.params = params;
  }

  private runMiddleware(index: number, route: DataPlaneRoute, req: Request, res: Response): void {
    if (index === this.middleware.length) {
      this.run(route, req, res).catch((err: unknown) => failedToAnswer(res, requestIdOf(req), err));
      return;
    }
    this.middleware[index](req, res, () => this.runMiddleware(index + 1, route, req, res));
  }

  /** Nest's route pipeline for a @Req()/@Res() handler: guards in order, the handler, the filter. */
  private async run(route: DataPlaneRoute, req: Request, res: Response): Promise<void> {
    const context = new HttpCallContext(req, res, route);
    try {
      for (const guard of route.guards) {
        const verdict = guard.canActivate(context) as unknown;
        const allowed = verdict === true || verdict === false ? verdict : await verdict;
        // Nest waits for an Observable's last value; the data plane does not run one, and fails closed.
        if (isObservable(allowed)) throw new Error(`data plane: ${guard.constructor.name} answered an Observable`);
        if (!allowed) throw new ForbiddenException('Forbidden resource');
      }
      res.statusCode = route.status;
      await route.handler(req, res);
    } catch (err) {
      // A filter that throws is answered 500 (under Nest, Express's error handler would).
      route.filter.catch(err, context);
    }
  }

  private add(route: DataPlaneRoute): void {
    if (route.param === null) this.exact[route.method].set(route.path, route);
    else this.prefixed.push(route);
  }

  /** The data-plane route of a controller method, or null for one Nest keeps (not GET/POST, a wildcard). */
  private routeOf(
    controllerClass: Type<unknown>,
    instance: Record<string, unknown>,
    name: string,
    instanceOf: <T>(type: Type<T>) => T,
  ): DataPlaneRoute | null {
    const method = (controllerClass.prototype as Record<string, unknown>)[name];
    if (name === 'constructor' || typeof method !== 'function') return null;
    const requestMethod = Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod | undefined;
    if (requestMethod !== RequestMethod.GET && requestMethod !== RequestMethod.POST) return null;
    const fullPath = `/${trimSlashes(String(Reflect.getMetadata(PATH_METADATA, controllerClass)))}/${trimSlashes(String(Reflect.getMetadata(PATH_METADATA, method)))}`;
    const lastSlash = fullPath.lastIndexOf('/');
    const last = fullPath.slice(lastSlash + 1);
    const paramRoute = last.startsWith(':');
    const path = paramRoute ? fullPath.slice(0, lastSlash + 1) : fullPath;
    // Only static segments (and one last `:param`) are the data plane's; `{*path}`, `:a/:b` stay with Nest.
    if (!/^[A-Za-z0-9/._-]+$/.test(path) || (paramRoute && !/^:[A-Za-z_]\w*$/.test(last))) return null;
    const label = `${controllerClass.name}.${name}`;

    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controllerClass, name) ?? {}) as Record<
      string,
      { data?: { passthrough?: boolean } }
    >;
    const argKeys = Object.keys(args).sort();
    const response = args[`${RouteParamtypes.RESPONSE}:1`];
    if (argKeys.join() !== `${RouteParamtypes.REQUEST}:0,${RouteParamtypes.RESPONSE}:1` || response?.data?.passthrough) {
      throw new Error(`data plane: ${label} must take (@Req() req, @Res() res) and nothing else`);
    }
    const guardClasses = [
      ...((Reflect.getMetadata(GUARDS_METADATA, controllerClass) ?? []) as Type<CanActivate>[]),
      ...((Reflect.getMetadata(GUARDS_METADATA, method) ?? []) as Type<CanActivate>[]),
    ];
    const filterClasses = [
      ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, method) ?? []) as Type<ExceptionFilter>[]),
      ...((Reflect.getMetadata(EXCEPTION_FILTERS_METADATA, controllerClass) ?? []) as Type<ExceptionFilter>[]),
    ];
    // One filter that catches everything: then Nest's choice among filters cannot differ from ours.
    if (filterClasses.length !== 1 || ((Reflect.getMetadata(FILTER_CATCH_EXCEPTIONS, filterClasses[0]) ?? []) as unknown[]).length > 0) {
      throw new Error(`data plane: ${label} must have exactly one exception filter, one that catches everything (@Catch())`);
    }
    const unsupported = [
      INTERCEPTORS_METADATA,
      HEADERS_METADATA,
      REDIRECT_METADATA,
      RENDER_METADATA,
      SSE_METADATA,
      VERSION_METADATA,
      HOST_METADATA,
    ].filter(
      (key) =>
        Reflect.getMetadata(key, method) !== undefined || (CLASS_LEVEL.has(key) && Reflect.getMetadata(key, controllerClass) !== undefined),
    );
    if (unsupported.length > 0) throw new Error(`data plane: ${label} uses ${unsupported.join(', ')}, which the data plane does not run`);
    const verb = requestMethod === RequestMethod.GET ? 'GET' : 'POST';
    this.checkExpressOrder(verb, path, paramRoute, fullPath, method as (...args: unknown[]) => unknown, label);
    const handlerMethod = method as (...args: unknown[]) => unknown;
    return {
      method: verb,
      path,
      param: paramRoute ? last.slice(1) : null,
      controllerClass,
      handlerMethod,
      handler: (req, res) => handlerMethod.call(instance, req, res),
      guards: guardClasses.map((guard) => instanceOf(guard)),
      filter: instanceOf(filterClasses[0]),
      status: (Reflect.getMetadata(HTTP_CODE_METADATA, method) as number | undefined) ?? (verb === 'POST' ? 201 : 200),
    };
  }

  /**
   * Express serves a request by the first layer of its router that matches it. Every layer before
   * this route's own must be one the data plane runs itself (its middleware), one that does
   * nothing for it, or one that cannot match the route's paths; a static route that takes one
   * value of the route's parameter first (`GET /api/public/v1/catalog` before
   * `GET /api/public/v1/:slug`) is left to Express for that value. Anything else is refused here,
   * at boot, rather than answered differently at run time.
   */
  private checkExpressOrder(
    method: 'GET' | 'POST',
    path: string,
    paramRoute: boolean,
    routePath: string,
    handlerMethod: (...args: unknown[]) => unknown,
    label: string,
  ): void {
    const verb = method.toLowerCase();
    const takes = (route: ExpressRoute) => Boolean(route.methods[verb] || route.methods._all);
    const layers = this.router().stack;
    // The first Express route for this path and method is the one that serves it, and it must be
    // this handler's: Nest copies a handler's metadata (by reference) onto the callback it registers.
    const own = layers.find((layer) => layer.route?.path === routePath && takes(layer.route));
    const callback = own?.route!.stack.find((entry) => !entry.method || entry.method === verb)?.handle as object | undefined;
    const keys = Reflect.getMetadataKeys(handlerMethod);
    if (!callback || keys.some((key) => Reflect.getMetadata(key, callback) !== Reflect.getMetadata(key, handlerMethod))) {
      throw new Error(`data plane: Express serves ${method} ${routePath} with another handler than ${label}`);
    }
    let nextMiddleware = 0;
    for (const layer of layers) {
      if (layer === own) {
        if (nextMiddleware < this.middleware.length)
          throw new Error(`data plane: not every app middleware runs before ${label} in Express`);
        return;
      }
      const route = layer.route;
      if (route && !takes(route)) continue;
      const raw = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
      if (route && paramRoute && raw.every((p) => typeof p === 'string' && STATIC_PATH.test(p))) {
        for (const other of raw as string[]) {
          if (other.startsWith(path) && PLAIN_SEGMENT.test(other.slice(path.length))) this.excluded[method].add(other);
        }
        continue;
      }
      // An exact route's path is its only request; a param route's requests are everything under
      // its prefix, which a pattern may take part of: any whose literal start overlaps it counts.
      const applies =
        layer.slash ||
        (paramRoute
          ? raw.some((p) => {
              if (typeof p !== 'string') return true;
              const head = literalStart(p);
              return head.startsWith(path) || path.startsWith(head);
            })
          : Boolean(layer.match(path)));
      if (!applies) continue;
      if (route) throw new Error(`data plane: Express would route some ${method} ${routePath} requests to ${route.path}, not to ${label}`);
      if (this.passThrough.has(layer.handle)) continue;
      if (layer.handle !== this.middleware[nextMiddleware]) {
        throw new Error(
          `data plane: an app middleware (${layer.name}) runs before ${label} that the data plane would skip or run out of order`,
        );
      }
      nextMiddleware++;
    }
    throw new Error(`data plane: no Express route serves ${label} at ${routePath}`);
  }

  private router(): { stack: ExpressLayer[] } {
    return (this.express as unknown as { router: { stack: ExpressLayer[] } }).router;
  }
}

interface ExpressRoute {
  path: string;
  methods: Record<string, boolean>;
  /** The route's handlers, each for one method (none: every method). */
  stack: { handle: unknown; method?: string }[];
}

interface ExpressLayer {
  name: string;
  handle: unknown;
  rawPath: string | RegExp | (string | RegExp)[];
  /** A middleware mounted at `/` (app.use(fn)): it sees every request. */
  slash: boolean;
  route?: ExpressRoute;
  match(path: string): unknown;
}

/** A path pattern up to its first parameter, wildcard or group: `/api/public/v1/catalog{.:format}` → `/api/public/v1/catalog`. */
function literalStart(pattern: string): string {
  const end = pattern.search(/[^A-Za-z0-9/._~-]/);
  return end === -1 ? pattern : pattern.slice(0, end);
}

/** An RxJS Observable, or anything that subscribes like one. */
function isObservable(value: unknown): boolean {
  return typeof (value as { subscribe?: unknown } | null)?.subscribe === 'function';
}

/** Metadata that Nest reads from the controller class as well as from the method. */
const CLASS_LEVEL = new Set<string>([INTERCEPTORS_METADATA, VERSION_METADATA, HOST_METADATA]);

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** The ExecutionContext Nest would give the route's guards and filter (an HTTP one: request, response, next). */
class HttpCallContext implements ExecutionContext, HttpArgumentsHost {
  constructor(
    private readonly req: Request,
    private readonly res: Response,
    private readonly route: DataPlaneRoute,
  ) {}

  getClass<T = unknown>(): Type<T> {
    return this.route.controllerClass as Type<T>;
  }
  getHandler(): (...args: unknown[]) => unknown {
    return this.route.handlerMethod;
  }
  getArgs<T extends unknown[] = unknown[]>(): T {
    return [this.req, this.res, undefined] as T;
  }
  getArgByIndex<T = unknown>(index: number): T {
    return this.getArgs()[index] as T;
  }
  getType<TContext extends string = ContextType>(): TContext {
    return 'http' as TContext;
  }
  switchToHttp(): HttpArgumentsHost {
    return this;
  }
  switchToRpc(): RpcArgumentsHost {
    throw new Error('a data-plane call is HTTP');
  }
  switchToWs(): WsArgumentsHost {
    throw new Error('a data-plane call is HTTP');
  }
  getRequest<T = unknown>(): T {
    return this.req as T;
  }
  getResponse<T = unknown>(): T {
    return this.res as T;
  }
  getNext<T = unknown>(): T {
    return undefined as T;
  }
}
