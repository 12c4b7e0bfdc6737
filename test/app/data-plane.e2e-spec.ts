import {
  ArgumentsHost,
  Body,
  CallHandler,
  CanActivate,
  Catch,
  Controller,
  ExceptionFilter,
  ExecutionContext,
  Get,
  Head,
  HttpException,
  Injectable,
  Module,
  NestInterceptor,
  Post,
  Req,
  Res,
  SetMetadata,
  Type,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { ExpressAdapter, NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, Response } from 'express';
import { of, type Observable } from 'rxjs';
import { DataPlane, PlainMiddleware } from '../../src/app/data-plane';
import { GatewayHarness } from '../support/gateway-harness';
import { sendJson, startUpstream, TestUpstream } from '../support/upstream-server';

/**
 * The data plane (src/app/data-plane.ts) runs the public routes beside Express's router and Nest's
 * route pipeline. Each behaviour here is asserted both ways: a request the data plane takes, and
 * the same route reached through Express and Nest (a percent-escaped parameter, which the data
 * plane leaves to them), so any difference between the two fails a test.
 */

const TAG = 'data-plane-test:tag';

/** What the guards saw, in order, per request (by the x-probe header). */
const seen = new Map<string, string[]>();
const note = (req: Request, what: string) => {
  const probe = String(req.headers['x-probe']);
  seen.set(probe, [...(seen.get(probe) ?? []), what]);
};

@Injectable()
class FirstGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const tag = this.reflector.get<string>(TAG, context.getHandler());
    note(req, `first ${context.getType()} ${context.getClass().name}.${context.getHandler().name} ${tag} ${String(req.params.name)}`);
    return req.headers['x-deny'] !== 'sync';
  }
}

@Injectable()
class SecondGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await Promise.resolve();
    note(req, `second ${context.switchToHttp().getResponse<Response>() === req.res}`);
    if (req.headers['x-throw'] === 'guard') throw new HttpException('a guard refused', 418);
    return req.headers['x-deny'] !== 'async';
  }
}

@Catch()
@Injectable()
class EveryErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    res.status(status).json({ error: exception instanceof Error ? exception.message : String(exception) });
  }
}

/** App middleware: stamps every request, as the gateway's request-id middleware does. */
const stamp: PlainMiddleware = (req, res, next) => {
  res.setHeader('x-stamped', 'yes');
  (req as Request & { stamped?: boolean }).stamped = true;
  next();
};

/** Registered first: its static GET route takes `/api/things/v1/special` before ThingsController's `:name`. */
@Controller('api/things/v1')
class SpecialThingController {
  @Get('special')
  special(@Res() res: Response): void {
    res.json({ special: true });
  }
}

@Controller('api/things/v1')
@UseFilters(EveryErrorFilter)
class ThingsController {
  @Head(':name')
  head(@Res() res: Response): void {
    res.status(405).end();
  }

  @Post(':name')
  @UseGuards(FirstGuard, SecondGuard)
  @SetMetadata(TAG, 'post-tag')
  post(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answer(req, res);
  }

  @Get(':name')
  @UseGuards(FirstGuard, SecondGuard)
  @SetMetadata(TAG, 'get-tag')
  get(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answer(req, res);
  }

  @Post('static/route')
  @UseGuards(FirstGuard)
  @SetMetadata(TAG, 'static-tag')
  staticRoute(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answer(req, res);
  }
}

@Catch()
@Injectable()
class ThrowingFilter implements ExceptionFilter {
  catch(): void {
    throw new Error('the filter itself failed');
  }
}

@Injectable()
class ObservableGuard implements CanActivate {
  canActivate(): Observable<boolean> {
    return of(true);
  }
}

@Controller('api/odd/v1')
class OddController {
  @Post('throwing-filter')
  @UseFilters(ThrowingFilter)
  @UseGuards(FirstGuard)
  throwingFilter(@Req() req: Request, @Res() _res: Response): void {
    throw new Error(`refused ${String(req.headers['x-probe'])}`);
  }

  @Post('observable-guard')
  @UseFilters(EveryErrorFilter)
  @UseGuards(ObservableGuard)
  observableGuard(@Req() req: Request, @Res() res: Response): Promise<void> {
    return answer(req, res);
  }
}

async function answer(req: Request, res: Response): Promise<void> {
  await Promise.resolve();
  if (req.headers['x-throw'] === 'handler') throw new Error('the handler failed');
  res.json({
    name: req.params.name ?? null,
    query: req.query,
    ip: req.ip,
    stamped: (req as Request & { stamped?: boolean }).stamped === true,
    // Express's router sets req.route; the data plane does not: which way the request went.
    way: req.route ? 'express' : 'data plane',
  });
}

async function startApp(
  controllers: Type<unknown>[],
  planeControllers: Type<unknown>[] = [ThingsController],
  extraMiddleware: ((req: Request, res: Response, next: NextFunction) => void)[] = [],
): Promise<NestExpressApplication> {
  @Module({ controllers, providers: [FirstGuard, SecondGuard, EveryErrorFilter, ThrowingFilter, ObservableGuard] })
  class TestModule {}
  const server = express();
  server.set('case sensitive routing', true);
  server.set('strict routing', true);
  const app = await NestFactory.create<NestExpressApplication>(TestModule, new ExpressAdapter(server), {
    logger: false,
    bodyParser: false,
    abortOnError: false,
  });
  app.use(stamp);
  for (const middleware of extraMiddleware) app.use(middleware);
  await app.init();
  try {
    DataPlane.install(app, planeControllers, [stamp]);
  } catch (err) {
    await app.close();
    throw err;
  }
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('the data plane runs routes as Nest would', () => {
  let app: NestExpressApplication;
  let base: string;

  beforeAll(async () => {
    app = await startApp([SpecialThingController, ThingsController, OddController], [ThingsController, OddController]);
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  /** The same request, once as the data plane takes it and once percent-escaped (through Express and Nest). */
  async function bothWays(method: 'GET' | 'POST', name: string, headers: Record<string, string> = {}, query = '') {
    const escaped = name.replace('.', '%2E');
    expect(escaped).not.toBe(name);
    const results = [];
    for (const path of [name, escaped]) {
      const probe = `${method} ${path} ${JSON.stringify(headers)}`;
      const res = await fetch(`${base}/api/things/v1/${path}${query}`, { method, headers: { ...headers, 'x-probe': probe } });
      results.push({
        status: res.status,
        stamped: res.headers.get('x-stamped'),
        body: (await res.json()) as Record<string, unknown>,
        guards: seen.get(probe) ?? [],
      });
    }
    return results;
  }

  it('lists the routes it takes: GET and POST with a static path or one last parameter (HEAD stays with Nest)', () => {
    expect(DataPlane.of(app)!.routes().sort()).toEqual([
      'GET /api/things/v1/:name',
      'POST /api/odd/v1/observable-guard',
      'POST /api/odd/v1/throwing-filter',
      'POST /api/things/v1/:name',
      'POST /api/things/v1/static/route',
    ]);
  });

  it('runs the app middleware, the guards in order with the route class, handler and metadata, then the handler', async () => {
    const [plane, nest] = await bothWays('POST', 'box.one');
    expect(plane).toEqual({
      // Nest's default for a POST route, set once the guards pass (the handler may set its own).
      status: 201,
      stamped: 'yes',
      body: { name: 'box.one', query: {}, ip: '127.0.0.1', stamped: true, way: 'data plane' },
      guards: ['first http ThingsController.post post-tag box.one', 'second true'],
    });
    expect(nest).toEqual({ ...plane, body: { ...plane.body, way: 'express' } });
  });

  it('gives a GET its query as Express parses it', async () => {
    const [plane, nest] = await bothWays('GET', 'box.two', {}, '?a=1&a=2&b=x');
    expect(plane.body).toEqual({ name: 'box.two', query: { a: ['1', '2'], b: 'x' }, ip: '127.0.0.1', stamped: true, way: 'data plane' });
    expect(plane.guards).toEqual(['first http ThingsController.get get-tag box.two', 'second true']);
    expect(nest).toEqual({ ...plane, body: { ...plane.body, way: 'express' } });
  });

  it.each([
    ['a guard that answers false', { 'x-deny': 'sync' }, 403, 'Forbidden resource'],
    ['a guard whose promise answers false', { 'x-deny': 'async' }, 403, 'Forbidden resource'],
    ['a guard that throws', { 'x-throw': 'guard' }, 418, 'a guard refused'],
    ['a handler that rejects', { 'x-throw': 'handler' }, 500, 'the handler failed'],
  ])('hands %s to the route exception filter', async (_what, headers, status, error) => {
    const [plane, nest] = await bothWays('POST', 'box.three', headers);
    expect(plane).toMatchObject({ status, stamped: 'yes', body: { error } });
    expect(nest).toEqual(plane);
  });

  it('takes a static route by its exact path only', async () => {
    const res = await fetch(`${base}/api/things/v1/static/route`, { method: 'POST', headers: { 'x-probe': 'static' } });
    expect(await res.json()).toMatchObject({ name: null, way: 'data plane' });
    expect(seen.get('static')).toEqual(['first http ThingsController.staticRoute static-tag undefined']);
    // A trailing slash is another path (strict routing): Express answers it (404), as before.
    expect((await fetch(`${base}/api/things/v1/static/route/`, { method: 'POST' })).status).toBe(404);
  });

  it('leaves to Express a value that an earlier static route takes, HEAD, other methods and escaped values', async () => {
    expect(await (await fetch(`${base}/api/things/v1/special`)).json()).toEqual({ special: true });
    // The POST route has no such earlier route: the data plane takes `special` there.
    expect(await (await fetch(`${base}/api/things/v1/special`, { method: 'POST' })).json()).toMatchObject({ way: 'data plane' });
    expect((await fetch(`${base}/api/things/v1/box.four`, { method: 'HEAD' })).status).toBe(405);
    expect((await fetch(`${base}/api/things/v1/box.four`, { method: 'PUT' })).status).toBe(404);
    expect(await (await fetch(`${base}/api/things/v1/box%20four`, { method: 'POST' })).json()).toMatchObject({
      name: 'box four',
      way: 'express',
    });
    // Case-sensitive routing: another spelling of the prefix is not the route.
    expect((await fetch(`${base}/API/things/v1/box.four`, { method: 'POST' })).status).toBe(404);
  });

  it('answers 500 when the route filter itself throws, and goes on serving', async () => {
    const res = await fetch(`${base}/api/odd/v1/throwing-filter`, { method: 'POST', headers: { 'x-probe': 'filter' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-stamped')).toBe('yes');
    expect(await (await fetch(`${base}/api/things/v1/box.five`, { method: 'POST' })).json()).toMatchObject({ way: 'data plane' });
  });

  it('fails closed on a guard that answers an Observable (which Nest would wait for)', async () => {
    const res = await fetch(`${base}/api/odd/v1/observable-guard`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'data plane: ObservableGuard answered an Observable' });
  });
});

describe('the data plane refuses at boot a route it cannot run exactly as Nest does', () => {
  it('a route whose path and method an earlier controller also serves', async () => {
    @Controller('api/things/v1')
    class TwinController {
      @Post(':name')
      twin(@Res() res: Response): void {
        res.end();
      }
    }
    await expect(startApp([TwinController, ThingsController])).rejects.toThrow(
      'Express serves POST /api/things/v1/:name with another handler than ThingsController.post',
    );
  });

  it('an earlier route whose pattern takes some values of the parameter', async () => {
    @Controller('api/things/v1')
    class FormatController {
      @Get('special{.:format}')
      special(@Res() res: Response): void {
        res.end();
      }
    }
    await expect(startApp([FormatController, ThingsController])).rejects.toThrow(
      'Express would route some GET /api/things/v1/:name requests to /api/things/v1/special{.:format}',
    );
  });

  it('a handler that takes more than @Req() and @Res()', async () => {
    @Controller('api/body/v1')
    @UseFilters(EveryErrorFilter)
    class BodyController {
      @Post(':name')
      post(@Req() _req: Request, @Res() _res: Response, @Body() _body: unknown): void {}
    }
    await expect(startApp([BodyController], [BodyController])).rejects.toThrow('BodyController.post must take (@Req() req, @Res() res)');
  });

  it('a route with an interceptor', async () => {
    @Injectable()
    class PassingInterceptor implements NestInterceptor {
      intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
        return next.handle();
      }
    }
    @Controller('api/intercepted/v1')
    @UseFilters(EveryErrorFilter)
    class InterceptedController {
      @Post(':name')
      @UseInterceptors(PassingInterceptor)
      post(@Req() _req: Request, @Res() _res: Response): void {}
    }
    await expect(startApp([InterceptedController], [InterceptedController])).rejects.toThrow(
      'InterceptedController.post uses __interceptors__',
    );
  });

  it('a route without exactly one catch-everything exception filter', async () => {
    @Controller('api/nofilter/v1')
    class NoFilterController {
      @Post(':name')
      post(@Req() _req: Request, @Res() _res: Response): void {}
    }
    await expect(startApp([NoFilterController], [NoFilterController])).rejects.toThrow('exactly one exception filter');
  });

  it('an earlier route with a parameter that Express would give some of its requests', async () => {
    @Controller('api/things/v1')
    class GreedyController {
      @Post(':other')
      other(@Res() res: Response): void {
        res.end();
      }
    }
    await expect(startApp([GreedyController, ThingsController])).rejects.toThrow(
      'Express would route some POST /api/things/v1/:name requests to /api/things/v1/:other',
    );
  });

  it('an app middleware that the data plane would skip', async () => {
    const unknown = function unknownMiddleware(_req: Request, _res: Response, next: NextFunction) {
      next();
    };
    await expect(startApp([ThingsController], [ThingsController], [unknown])).rejects.toThrow(
      'an app middleware (unknownMiddleware) runs before',
    );
  });
});

describe("the gateway's data plane", () => {
  let gw: GatewayHarness;
  let upstream: TestUpstream;
  let key: string;
  let slug: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    upstream = await startUpstream((req, res) => sendJson(res, 200, { echo: JSON.parse(req.body), usage: { quantity: 1 } }));
    ({ key } = await gw.createTenantWithKey());
    ({ slug } = await gw.createEndpoint({
      category: 'data',
      billingUnit: 'record',
      wholesalePicoUsdPerUnit: 1_000_000_000n,
      resalePicoUsdPerUnit: 1_500_000_000n,
      upstreams: [{ baseUrl: upstream.url, path: '/enrich' }],
    }));
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  it('takes the public calls of both doors', () => {
    expect(DataPlane.of(gw.app)!.routes().sort()).toEqual([
      'GET /api/openai/v1/models',
      'GET /api/public/v1/:slug',
      'POST /api/openai/v1/audio/speech',
      'POST /api/openai/v1/audio/transcriptions',
      'POST /api/openai/v1/chat/completions',
      'POST /api/openai/v1/embeddings',
      'POST /api/openai/v1/images/generations',
      'POST /api/public/v1/:slug',
    ]);
  });

  it('answers a call and its escaped spelling (through Nest) alike, each audited', async () => {
    const escaped = slug.replace('.', '%2E');
    const answers = [];
    for (const path of [slug, escaped]) {
      const res = await gw.call(path, { key, body: { email: 'ada@example.com' } });
      const body = (await res.json()) as Record<string, unknown>;
      const record = await gw.auditRecord(res.headers.get('x-service-request-id')!);
      answers.push({
        status: res.status,
        headers: [...res.headers.keys()].filter((h) => h !== 'date').sort(),
        body: { ...body, request_id: null, received_at: null },
        audited: { endpoint: record!.endpointId, status: record!.httpStatus, billed: String(record!.customerPricePicoUsd) },
      });
    }
    expect(answers[0]).toMatchObject({ status: 200, body: { endpoint: slug, result: { echo: { email: 'ada@example.com' } } } });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('leaves the public catalog, which Express routes before the slug route, to Express', async () => {
    const res = await fetch(`${gw.url}/api/public/v1/catalog`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
