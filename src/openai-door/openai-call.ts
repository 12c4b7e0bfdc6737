import type { IncomingMessage } from 'node:http';
import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GatewayError } from '../common/errors/error-catalog';
import { readJsonObjectBody } from '../common/http/json-body';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { PublicCallRequest } from '../gateway/call-context';
import type { CatalogEntry } from '../catalog/catalog-entry';
import type { CallDoor, DoorName, PreparedCall } from '../gateway/call-door';
import { validateInput } from '../gateway/input-validation';
import { wantsStream } from '../gateway/slug-door';
import { refuseUnlessAllowed } from '../gateway/endpoint-access';
import { PublicCallGuard } from '../gateway/guards/public-call.guard';
import { OpenAiModels, type OpenAiOperation, type ResolvedModel } from './openai-models';

/** One route of the OpenAI door: how its request becomes the slug's input, and its answers. */
export interface OpenAiRoute {
  operation: OpenAiOperation;
  /**
   * The slug's input from OpenAI's request body (the fields the slug takes, renamed where OpenAI
   * names them otherwise); 400 for what the slug cannot do. The slug's own checks run later, after
   * the limits, as on the slug door.
   */
  toSlugInput(body: Record<string, unknown>): Record<string, unknown>;
  /**
   * How the route reads its request body, within `limitBytes`: a JSON object unless it says
   * otherwise (transcriptions read a multipart form). 415, 413 and 400 as for a JSON body.
   */
  readBody?(req: IncomingMessage, limitBytes: number): Promise<Record<string, unknown>>;
  door: CallDoor;
}

/** What the OpenAI door knows of a call beyond the slug's input: the model it named and its request. */
export interface OpenAiCall {
  model: ResolvedModel;
  /** The request body as the route read it (options the answer needs: `stream_options`, `encoding_format`, …). */
  body: Record<string, unknown>;
}

export interface OpenAiCallRequest extends PublicCallRequest {
  openai: OpenAiCall;
}

const OPENAI_ROUTE = Symbol('openai-route');

/** Marks a handler of the OpenAI door with its route (read by OpenAiModelGuard). */
export const ServesOpenAiRoute = (route: OpenAiRoute): MethodDecorator => SetMetadata(OPENAI_ROUTE, route);

/** PublicCallGuard for the OpenAI door: the call's audit record says it came through it. */
@Injectable()
export class OpenAiCallGuard extends PublicCallGuard {
  protected override readonly door: DoorName = 'openai';
}

/** A 400 about one field of OpenAI's request (its `param`). */
export function invalidParam(param: string, message: string): GatewayError {
  return new GatewayError('invalid_request', message, { param, problems: [message] });
}

/**
 * The OpenAI door's counterpart of CatalogEndpointGuard: the endpoint is named by the body's
 * `model`, so the body is read here (as JSON, or as the route reads it), before the limits (a body
 * that cannot be read is a 4xx charged to the address's invalid-request limit, as an unknown slug is). Resolves the model (404, 400,
 * 503), puts its endpoint on the call, refuses what the key may not call (403), and hands the
 * limit check and the handler the slug's input (a budget's hold is sized from it).
 */
@Injectable()
export class OpenAiModelGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly models: OpenAiModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<OpenAiRoute | undefined>(OPENAI_ROUTE, context.getHandler());
    if (!route) throw new Error('OpenAiModelGuard needs a handler marked with @ServesOpenAiRoute');
    const req = context.switchToHttp().getRequest<OpenAiCallRequest>();
    const limitBytes = this.config.BODY_LIMIT_BYTES;
    const body = await (route.readBody ? route.readBody(req, limitBytes) : readJsonObjectBody(req, limitBytes));
    const model = this.models.resolve(body.model, route.operation);
    req.call.resolved(model.endpoint);
    refuseUnlessAllowed(req.call.caller, model.endpoint);
    req.openai = { model, body };
    // The model's price goes with the input, which does not name it: a budget holds the call at it.
    req.call.inputRead(route.toSlugInput(body), model.pricing);
    return true;
  }
}

/**
 * Every OpenAI route's `prepare`: the slug's input (made by OpenAiModelGuard) checked as on the
 * slug door, at the price of the model the call named.
 */
export function prepareOpenAiCall(req: PublicCallRequest, endpoint: CatalogEntry): Promise<PreparedCall> {
  const input = req.call.input!;
  validateInput(endpoint.slug, input);
  if (wantsStream(input) && !endpoint.streamable) throw invalidParam('stream', `${endpoint.slug} does not stream; omit "stream".`);
  return Promise.resolve({ input, pricing: (req as OpenAiCallRequest).openai.model.pricing });
}

/** The `created` of an answer: the call's arrival, in Unix seconds. */
export function createdOf(req: PublicCallRequest): number {
  return Math.floor(req.call.receivedAt.getTime() / 1000);
}
