import { Injectable } from '@nestjs/common';
import { BillingService } from '../billing/billing.service';
import type { CatalogEntry, Pricing } from '../catalog/catalog-entry';
import { CatalogService } from '../catalog/catalog.service';
import { METERS } from '../catalog/meters';
import { GatewayError } from '../common/errors/error-catalog';
import { picoUsdToDecimalString } from '../common/money/money';
import { mayCall } from '../gateway/endpoint-access';
import type { Caller } from '../keys/caller';
import { ModelAliasesService } from '../model-aliases/model-aliases.service';
import { modelIdOf, parseModelId } from '../catalog/model-id';

/** The routes of the OpenAI door, each served by one slug of the catalog in that slug's own shape. */
export type OpenAiOperation = 'chat' | 'embeddings' | 'images' | 'transcriptions' | 'speech';

export const OPERATION_SLUGS: { readonly [O in OpenAiOperation]: string } = {
  chat: 'text.generate',
  embeddings: 'text.embed',
  images: 'media.image',
  transcriptions: 'voice.stt',
  speech: 'voice.tts',
};

/** The door's path of each operation, for messages that point a caller to the right route. */
export const ROUTES: { readonly [O in OpenAiOperation]: string } = {
  chat: '/chat/completions',
  embeddings: '/embeddings',
  images: '/images/generations',
  transcriptions: '/audio/transcriptions',
  speech: '/audio/speech',
};

const ROUTE_OF_SLUG = new Map(Object.entries(OPERATION_SLUGS).map(([operation, slug]) => [slug, ROUTES[operation as OpenAiOperation]]));

/** A model a call names, resolved: its catalog id, its endpoint and its price. */
export interface ResolvedModel {
  /** The id as the caller sent it (the answer's `model`). */
  id: string;
  endpoint: CatalogEntry;
  pricing: Pricing;
}

/** One entry of GET /models: OpenAI's fields, and what a call costs this caller per meter. */
export interface OpenAiModelView {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  /** The catalog slug whose route serves it. */
  endpoint: string;
  /** An operator's alias: the catalog id it names. */
  alias_of?: string;
  /** The caller's price per unit of each meter, in USD (decimal strings: exact). */
  pricing: Record<string, { usd_per_unit: string; unit: string }>;
}

/**
 * Whether the door has an answer for a price's calls on this route. /audio/speech sends audio
 * bytes, which only the `openai` kind's voice.tts answers (`audio_base64`): the simulator answers an
 * `audio_url`, and a generic `http` upstream whatever its service sends. A price with any other
 * upstream (a fallback included) could be billed and then have no audio to send, so it is neither
 * listed nor callable here (the slug door still serves it).
 */
function answerableOn(operation: OpenAiOperation, pricing: Pricing): boolean {
  return operation !== 'speech' || pricing.upstreams.every((upstream) => upstream.kind === 'openai');
}

function modelNotFound(id: string, hint = ''): GatewayError {
  return new GatewayError('model_not_found', `The model "${id}" does not exist${hint}.`, { param: 'model' });
}

/**
 * The OpenAI door's `model`: which catalog price a call names, and which models a key may call.
 * Everything is read from the in-memory catalog (no database read per call).
 */
@Injectable()
export class OpenAiModels {
  constructor(
    private readonly catalog: CatalogService,
    private readonly billing: BillingService,
    private readonly aliases: ModelAliasesService,
  ) {}

  /**
   * The endpoint and price `model` names on this route: 404 model_not_found for an unknown model
   * (or one no upstream can serve now), 400 for a model of another route, 503 for a disabled
   * endpoint. Whether the caller may call it is the guard's next check (refuseUnlessAllowed), once
   * the call knows its endpoint.
   */
  resolve(model: unknown, operation: OpenAiOperation): ResolvedModel {
    if (typeof model !== 'string' || model === '') {
      throw new GatewayError('invalid_request', 'model is required: a model id from GET /api/openai/v1/models.', { param: 'model' });
    }
    // A catalog id, else an operator's alias of one (an alias never parses as a catalog id).
    const parsed = parseModelId(model) ?? parseModelId(this.aliases.resolve(model) ?? '');
    const endpoint = parsed ? this.catalog.find(parsed.slug) : undefined;
    if (!parsed || !endpoint) throw modelNotFound(model);
    if (endpoint.slug !== OPERATION_SLUGS[operation]) {
      const route = ROUTE_OF_SLUG.get(endpoint.slug);
      if (!route) throw modelNotFound(model, ` for ${ROUTES[operation]}`);
      throw new GatewayError('invalid_request', `The model "${model}" is served by ${route}, not ${ROUTES[operation]}.`, {
        param: 'model',
      });
    }
    const pricing =
      parsed.model === null ? (endpoint.models[0] ?? endpoint.pricing) : endpoint.models.find((m) => m.model === parsed.model);
    // A model no upstream can serve now (its provider's secret is not configured) is not offered.
    if (!pricing || pricing.upstreams.length === 0) throw modelNotFound(model);
    if (!answerableOn(operation, pricing)) throw modelNotFound(model, ` for ${ROUTES[operation]} (its upstream answers no audio)`);
    if (!endpoint.enabled) throw new GatewayError('endpoint_disabled');
    return { id: model, endpoint, pricing };
  }

  /**
   * The models this caller may call through the door, with its own price per meter: each catalog
   * id, then each operator alias of it (`alias_of` names the catalog id), at the same price.
   */
  list(caller: Caller): OpenAiModelView[] {
    const views: OpenAiModelView[] = [];
    for (const [operation, slug] of Object.entries(OPERATION_SLUGS) as Array<[OpenAiOperation, string]>) {
      const endpoint = this.catalog.find(slug);
      if (!endpoint || !endpoint.enabled || !mayCall(caller, endpoint)) continue;
      const prices = endpoint.models.length > 0 ? endpoint.models : [endpoint.pricing];
      for (const [i, pricing] of prices.entries()) {
        if (pricing.upstreams.length === 0 || !answerableOn(operation, pricing)) continue;
        const id = modelIdOf(slug, pricing.model);
        const view: OpenAiModelView = {
          id,
          object: 'model',
          created: Math.floor(endpoint.createdAt.getTime() / 1000),
          owned_by: 'gateway',
          endpoint: slug,
          pricing: this.pricesFor(caller, endpoint, pricing),
        };
        views.push(view);
        // The slug alone names its default price (the first): its aliases are this model's too.
        const aliases =
          i === 0 && pricing.model !== null ? [...this.aliases.aliasesOf(id), ...this.aliases.aliasesOf(slug)] : this.aliases.aliasesOf(id);
        for (const alias of aliases) views.push({ ...view, id: alias, alias_of: id });
      }
    }
    return views;
  }

  /** What one unit of each meter of the price costs this caller: the bill of exactly that unit. */
  private pricesFor(caller: Caller, endpoint: CatalogEntry, pricing: Pricing): OpenAiModelView['pricing'] {
    const prices: OpenAiModelView['pricing'] = {};
    for (const price of pricing.meters) {
      const charge = this.billing.charge(caller, endpoint, pricing, { meters: { [price.meter]: price.perUnit }, source: 'reported' });
      prices[price.meter] = { usd_per_unit: picoUsdToDecimalString(charge.customerPicoUsd), unit: METERS[price.meter].label };
    }
    return prices;
  }
}
