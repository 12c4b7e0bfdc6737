import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DECORATORS } from '@nestjs/swagger';
import { METHODS } from 'node:http';

/** `method` is lower case, or 'all' for @All / app.all(); `path` is in Express syntax. */
export interface RouteEntry {
  method: string;
  path: string;
}

export interface NestRoute extends RouteEntry {
  handler: string;
  /** @ApiExcludeEndpoint() on the method or @ApiExcludeController() on the class. */
  excludedFromDocs: boolean;
}

/**
 * What Express will actually dispatch: the route layers of the app's router (Express 5 keeps the
 * router on `app.router`). An `app.all()` route (Nest's @All) is stored as one route with every
 * method of node:http's METHODS, reported here as a single 'all'. Non-route layers (middleware,
 * express.static for the Swagger UI assets) are skipped.
 */
export function expressRoutes(app: NestExpressApplication): RouteEntry[] {
  const router = app.getHttpAdapter().getInstance().router as {
    stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }>;
  };
  const routes: RouteEntry[] = [];
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const methods = Object.keys(layer.route.methods).filter((m) => m !== '_all');
    const isAll = layer.route.methods._all || METHODS.every((m) => methods.includes(m.toLowerCase()));
    for (const path of ([] as string[]).concat(layer.route.path)) {
      if (isAll) routes.push({ method: 'all', path });
      else for (const method of methods) routes.push({ method, path });
    }
  }
  return routes;
}

/**
 * The same routes from Nest's own metadata (what @Controller/@Get/... declared), with the handler
 * and whether it is excluded from the OpenAPI document. No global prefix or URI versioning is used
 * by this app; the test compares this list with expressRoutes(), so adding either without
 * teaching this function about it fails loudly instead of passing silently.
 */
export function nestRoutes(app: NestExpressApplication): NestRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const routes: NestRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const metatype = wrapper.metatype;
    const instance: unknown = wrapper.instance;
    if (!metatype || !instance) continue;
    const controllerPaths = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, metatype) as RoutePaths | undefined) ?? '/');
    const controllerExcluded = (Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, metatype) as [boolean] | undefined)?.[0] === true;
    // A controller's prototype: getAllMethodNames() lists its methods (functions) only.
    const prototype = Object.getPrototypeOf(instance) as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as RoutePaths | undefined;
      if (methodPaths === undefined) continue; // not a route handler
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
      const excluded =
        controllerExcluded ||
        (Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, handler) as { disable?: boolean } | undefined)?.disable === true;
      for (const controllerPath of controllerPaths) {
        for (const methodPath of ([] as string[]).concat(methodPaths)) {
          routes.push({
            method: RequestMethod[requestMethod].toLowerCase(),
            path: joinPaths(controllerPath, methodPath),
            handler: `${metatype.name}.${name}`,
            excludedFromDocs: excluded,
          });
        }
      }
    }
  }
  return routes;
}

/** What @Controller() / @Get() / ... store as PATH_METADATA. */
type RoutePaths = string | string[];

function joinPaths(...parts: string[]): string {
  const joined = parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${joined}`;
}

/**
 * Express 5 path → OpenAPI path template: `:name` and `*name` / `{*name}` become `{name}`
 * (as @nestjs/swagger renders them). Optional groups (`{...}`) are not used here; rather than
 * guess, they throw.
 */
export function toOpenApiPath(expressPath: string): string {
  const path = expressPath
    .replace(/\{\*(\w+)\}/g, '<$1>')
    .replace(/\*(\w+)/g, '<$1>')
    .replace(/:(\w+)/g, '<$1>');
  if (/[{}]/.test(path)) throw new Error(`optional route segments are not supported here: ${expressPath}`);
  return path.replace(/<(\w+)>/g, '{$1}');
}
