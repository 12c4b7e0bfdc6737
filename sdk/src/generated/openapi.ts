/**
 * GENERATED from openapi.json by sdk/codegen/generate.ts (openapi-typescript); do not edit.
 * Regenerate with `npm run api:generate`; test/app/openapi-contract.e2e-spec.ts checks it is current.
 */

export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['HealthController_live'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: 200 ready, 503 not; `{status}` only, and the checks and audit counts with the admin token (Bearer) */
    get: operations['HealthController_ready'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/public/v1/catalog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every endpoint: category, description, billing unit, price, declared and measured latency */
    get: operations['PublicCatalogController_endpoints'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/public/v1/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The public plans, cheapest first */
    get: operations['PublicCatalogController_plans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/public/v1/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Call a catalog endpoint with the query parameters as its input */
    get: operations['GatewayController_get'];
    put?: never;
    /** Call a catalog endpoint with a JSON body */
    post: operations['GatewayController_post'];
    delete?: never;
    options?: never;
    /** Not allowed: 405 before any key check (HEAD would otherwise run the GET call). */
    head: operations['GatewayController_head'];
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/models': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The models this key may call, with its price per meter (OpenAI list shape) */
    get: operations['OpenAiDoorController_listModels'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/models/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One model this key may call (OpenAI model shape) */
    get: operations['OpenAiDoorController_getModel'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/chat/completions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A chat completion on text.generate */
    post: operations['OpenAiDoorController_chatCompletions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/embeddings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Embeddings on text.embed */
    post: operations['OpenAiDoorController_embeddings'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/images/generations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Image generation on media.image */
    post: operations['OpenAiDoorController_imageGenerations'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/audio/speech': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Speech on voice.tts: the audio bytes, typed by response_format; the cost in X-Call-Cost-Usd */
    post: operations['OpenAiDoorController_speech'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/openai/v1/audio/transcriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A transcription on voice.stt (json, text or verbose_json; a text answer's cost in X-Call-Cost-Usd) */
    post: operations['OpenAiDoorController_transcriptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your activity log (who changed which price, limit, budget or your plan), newest first, with filters */
    get: operations['ResellerActivityController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The calling tenant (kind, status, tenant-wide limit), its plan and its budget */
    get: operations['ResellerMeController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/me/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Move from your public plan to another public one (owners and management keys); its default monthly budget applies if you have none
     * @description A move that costs you more (a bigger monthly fee, or the same fee without a bigger discount) applies at once. Any other (a smaller fee, or the same fee with a bigger discount) is scheduled (`scheduled_plan_change`) for the start of the month after the first whole UTC month you held your plan, and never before the next month: the plan you are on is held, and its fee owed, until then. Choosing again replaces a scheduled move; choosing the plan you are on cancels it. Leaving a private plan (one the operator set), moving onto none, or choosing a plan while you have none is the operator’s decision: 403 plan_change_not_allowed. A plan_id that names no public plan is 400; a plan changed meanwhile (by the operator) is 409 conflict.
     */
    put: operations['ResellerMeController_choosePlan'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/me/scheduled-plan-change': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Cancel the move to another plan scheduled for the next month: you stay on your plan (owners and management keys) */
    delete: operations['ResellerMeController_cancelScheduledPlanChange'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List customers, newest first (filter by external_id, status, or given ids) */
    get: operations['ResellerCustomersController_list'];
    put?: never;
    /** Create a customer */
    post: operations['ResellerCustomersController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a customer */
    get: operations['ResellerCustomersController_get'];
    put?: never;
    post?: never;
    /** Delete a customer (soft: its audit records stay; its keys are revoked; its external_id is free again) */
    delete: operations['ResellerCustomersController_delete'];
    options?: never;
    head?: never;
    /** Rename a customer, change its external_id or metadata */
    patch: operations['ResellerCustomersController_update'];
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/suspend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Suspend a customer: every one of its keys is refused at once (403 customer_suspended), on every process */
    post: operations['ResellerCustomersController_suspend'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resume a suspended customer */
    post: operations['ResellerCustomersController_resume'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a customer's keys, newest first (the same page as GET /keys?customer_id=) */
    get: operations['ResellerKeysController_listOfCustomer'];
    put?: never;
    /** Issue a key for a customer (the secret is in this response only) */
    post: operations['ResellerKeysController_createForCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List keys, newest first: yours and your customers', one customer's, your own only, or given ids */
    get: operations['ResellerKeysController_list'];
    put?: never;
    /** Issue a key of your own (the secret is in this response only) */
    post: operations['ResellerKeysController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a key (never its secret) */
    get: operations['ResellerKeysController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Rename a key or change its expiry (applies on every process at once; limits: PUT /keys/{id}/limits)
     * @description A key replaced by rotation (in its grace period) may only have its expiry brought forward: removed or moved later, 409 key_already_rotated.
     */
    patch: operations['ResellerKeysController_update'];
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/effective-limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every request limit (per endpoint the key may call) and budget that applies to a key's calls, their current state, and which binds */
    get: operations['ResellerKeysController_effectiveLimits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A key's calls and billed amounts per UTC day of a period (default: the last 30 days) */
    get: operations['ResellerKeysController_usage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a key: every gateway process refuses it at once (401 revoked_api_key) */
    post: operations['ResellerKeysController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/expire': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Expire a key now (401 expired_api_key from the next call on) */
    post: operations['ResellerKeysController_expire'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate a key: a new secret now, the old one valid for a grace period (default 24 h, at most 7 days) */
    post: operations['ResellerKeysController_rotate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A key's limits and allowed endpoints (with its ETag) */
    get: operations['ResellerLimitsController_ofKey'];
    /** Replace a key's limits and allowed endpoints (the operator's limit of a slug stays the ceiling) */
    put: operations['ResellerLimitsController_replaceOfKey'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/limits/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set a key's limit on one slug; the rest of its limits stay as they are */
    put: operations['ResellerLimitsController_setSlugOfKey'];
    post?: never;
    /** Remove a key's limit on one slug (idempotent); the rest of its limits stay as they are */
    delete: operations['ResellerLimitsController_removeSlugOfKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's limits (across all its keys) and allowed endpoints (with its ETag) */
    get: operations['ResellerLimitsController_ofCustomer'];
    /** Replace a customer's limits (across all its keys) and allowed endpoints */
    put: operations['ResellerLimitsController_replaceOfCustomer'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/limits/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set a customer's limit on one slug (across all its keys); the rest of its limits stay as they are */
    put: operations['ResellerLimitsController_setSlugOfCustomer'];
    post?: never;
    /** Remove a customer's limit on one slug (idempotent); the rest of its limits stay as they are */
    delete: operations['ResellerLimitsController_removeSlugOfCustomer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/keys/{id}/budget': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A key's budget and its current period (404 when it has none) */
    get: operations['ResellerBudgetsController_ofKey'];
    /**
     * Set a key's budget (a rotation moves it to the new key)
     * @description A key replaced by rotation spends from its replacement’s budget and takes none of its own: 409 key_already_rotated.
     */
    put: operations['ResellerBudgetsController_putOnKey'];
    post?: never;
    /** Remove a key's budget (not a key replaced by rotation's: 409 key_already_rotated) */
    delete: operations['ResellerBudgetsController_deleteOfKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/budget': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's budget (all its keys together) and its current period */
    get: operations['ResellerBudgetsController_ofCustomer'];
    /** Set a customer's budget (all its keys together) */
    put: operations['ResellerBudgetsController_putOnCustomer'];
    post?: never;
    /** Remove a customer's budget */
    delete: operations['ResellerBudgetsController_deleteOfCustomer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/prices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The prices every customer pays (where it has none of its own), by slug and meter */
    get: operations['ResellerPricesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/prices/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the price every customer pays per billing unit of a slug (every model of it); applies at once
     * @description The price of the slug's billing unit's meter (`tokens` of a text slug, `images`, `minutes`, …): a slug priced in other meters (input and output tokens, …) is 400 invalid_request with `details.meters`; set those with the route per meter. A price is at most the meter's highest: a call at the meter's quantity cap (for any of the slug's models) must be billed within the meter's share of $9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with `details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.
     */
    put: operations['ResellerPricesController_set'];
    post?: never;
    /** Remove every meter's price for every customer of a slug (idempotent): markups, else the catalog's list price, apply again */
    delete: operations['ResellerPricesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/prices/{slug}/meters/{meter}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the price every customer pays per unit of one meter of a slug (every model of it); applies at once
     * @description A price is at most the meter's highest: a call at the meter's quantity cap (for any of the slug's models) must be billed within the meter's share of $9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with `details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.
     */
    put: operations['ResellerPricesController_setMeter'];
    post?: never;
    /** Remove the price for every customer of one meter of a slug (idempotent; any meter name, billed or not) */
    delete: operations['ResellerPricesController_removeMeter'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/prices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's own prices, by slug and meter (the prices for every customer apply to the others) */
    get: operations['ResellerPricesController_listOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/prices/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a customer's own price per billing unit of a slug (beats the price for every customer); applies at once
     * @description The price of the slug's billing unit's meter (`tokens` of a text slug, `images`, `minutes`, …): a slug priced in other meters (input and output tokens, …) is 400 invalid_request with `details.meters`; set those with the route per meter. A price is at most the meter's highest: a call at the meter's quantity cap (for any of the slug's models) must be billed within the meter's share of $9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with `details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.
     */
    put: operations['ResellerPricesController_setForCustomer'];
    post?: never;
    /** Remove every meter's own price of a customer for a slug (idempotent): the prices for every customer apply again */
    delete: operations['ResellerPricesController_removeForCustomer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/prices/{slug}/meters/{meter}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a customer's own price per unit of one meter of a slug (beats the price for every customer); applies at once
     * @description A price is at most the meter's highest: a call at the meter's quantity cap (for any of the slug's models) must be billed within the meter's share of $9,223,372.036854775807 (what a ledger amount holds); above it the answer is 400 invalid_request with `details.max_price_per_unit_usd`. A price below your resale price is accepted: the difference is your loss.
     */
    put: operations['ResellerPricesController_setMeterForCustomer'];
    post?: never;
    /** Remove a customer's own price of one meter of a slug (idempotent; any meter name, billed or not) */
    delete: operations['ResellerPricesController_removeMeterForCustomer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/markups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The markups for every customer (where it has none of its own): on every slug (`*`) first, then by slug */
    get: operations['ResellerMarkupsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/markups/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the markup every customer pays over your resale figure on a slug, or on every slug (`*`); applies at once
     * @description The customer then pays, per meter without a fixed price, round(what you owe × (10000 + markup_bps) / 10000), rounded once per meter of a call. A call's amount per meter stops at its share of $9,223,372.036854775807 (what a ledger amount holds).
     */
    put: operations['ResellerMarkupsController_set'];
    post?: never;
    /** Remove the markup for every customer on a slug, or on every slug (`*`) (idempotent) */
    delete: operations['ResellerMarkupsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/markups': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's own markups: on every slug (`*`) first, then by slug */
    get: operations['ResellerMarkupsController_listOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/markups/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a customer's own markup on a slug, or on every slug (`*`) (beats yours for every customer at the same specificity); applies at once
     * @description The customer then pays, per meter without a fixed price, round(what you owe × (10000 + markup_bps) / 10000), rounded once per meter of a call. A call's amount per meter stops at its share of $9,223,372.036854775807 (what a ledger amount holds).
     */
    put: operations['ResellerMarkupsController_setForCustomer'];
    post?: never;
    /** Remove a customer's own markup on a slug, or on every slug (`*`) (idempotent) */
    delete: operations['ResellerMarkupsController_removeForCustomer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your audit trail, newest first, by request id, customer (or your own keys only), key, slug, status and time */
    get: operations['ResellerAuditController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your audit trail as a CSV download: every call the filters select (as GET /audit), newest first */
    get: operations['ResellerAuditController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/audit/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One call in full, by its request id: key, customer, what refused it, usage per meter and every amount */
    get: operations['ResellerAuditController_call'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/reports/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Calls, usage, what your customers were billed, what you owe and your margin by customer (paged), slug or day, with exact totals */
    get: operations['ResellerReportsController_usage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/reports/usage/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The usage report as a CSV download: the whole period (every page by customer), rows, meters and totals */
    get: operations['ResellerReportsController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/statements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your monthly statements (all your customers and your own keys), newest month first: the months not closed yet (open), then the closed ones */
    get: operations['ResellerStatementsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/statements/{month}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your statement of a month, JSON or CSV: closed, or the month in progress (status open) */
    get: operations['ResellerStatementsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/statements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones */
    get: operations['ResellerStatementsController_listOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/customers/{id}/statements/{month}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's statement of a month, JSON or CSV */
    get: operations['ResellerStatementsController_getOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-endpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List endpoints, newest first */
    get: operations['ResellerWebhooksController_list'];
    put?: never;
    /** Register an endpoint (its signing secret is in this response only) */
    post: operations['ResellerWebhooksController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-endpoints/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read an endpoint (never its secret) */
    get: operations['ResellerWebhooksController_get'];
    put?: never;
    post?: never;
    /** Delete an endpoint and its delivery log */
    delete: operations['ResellerWebhooksController_delete'];
    options?: never;
    head?: never;
    /** Change the URL, events or description; disable or enable the endpoint */
    patch: operations['ResellerWebhooksController_update'];
    trace?: never;
  };
  '/api/reseller/v1/webhook-endpoints/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A new signing secret (in this response only); the old one also signs for a grace period */
    post: operations['ResellerWebhooksController_rotateSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-endpoints/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a signed `test` event to this endpoint only (in its delivery log like any other) */
    post: operations['ResellerWebhooksController_sendTest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The delivery log, newest first (filter by endpoint, event or state) */
    get: operations['ResellerWebhooksController_listDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-deliveries/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A delivery with its body and every attempt */
    get: operations['ResellerWebhooksController_getDelivery'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/webhook-deliveries/{id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a delivered or failed delivery again now (same id; a new retry window) */
    post: operations['ResellerWebhooksController_redeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/management-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your management keys, newest first (never secrets) */
    get: operations['ResellerManagementKeysController_list'];
    put?: never;
    /**
     * Issue a management key (the secret is in this response only)
     * @description The key is the issuing owner’s (`created_by_user_id`: the signed-in owner, or the owner whose management key calls): it is revoked when that owner is removed or stops being an owner.
     */
    post: operations['ResellerManagementKeysController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/reseller/v1/management-keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a management key (idempotent): its next call is refused */
    post: operations['ResellerManagementKeysController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/signup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create an organisation (a tenant) and its owner, and sign in as that owner */
    post: operations['ConsoleSessionController_signUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in user, role, tenant, plan and CSRF token */
    get: operations['ConsoleSessionController_current'];
    put?: never;
    /** Sign in with an email and a password (tenant users and operators alike) */
    post: operations['ConsoleSessionController_signIn'];
    /** Sign out: the session ends */
    delete: operations['ConsoleSessionController_signOut'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change your password; your other sessions end (this one stays) */
    put: operations['ConsoleSessionController_changePassword'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List your tenant's users, newest first (owners) */
    get: operations['ConsoleUsersController_list'];
    put?: never;
    /** Invite a user with a role (owners): the token and its URL are shown this once */
    post: operations['ConsoleUsersController_invite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a user of your tenant (owners) */
    get: operations['ConsoleUsersController_get'];
    put?: never;
    post?: never;
    /** Remove a user and end their sessions (owners); the tenant always keeps an owner */
    delete: operations['ConsoleUsersController_remove'];
    options?: never;
    head?: never;
    /** Change a user's role (owners); the tenant always keeps an owner */
    patch: operations['ConsoleUsersController_changeRole'];
    trace?: never;
  };
  '/api/console/v1/users/{id}/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a one-time password reset link for a user of your tenant (owners): shown this once; it voids the user's previous link
     * @description The user opens `reset_url` within 24 hours, sets a new password (which ends all their sessions) and is signed in.
     */
    post: operations['ConsoleUsersController_issuePasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the invitations not accepted yet, newest first (owners); expired ones included */
    get: operations['ConsoleUsersController_listInvitations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Withdraw an invitation not accepted yet (owners) */
    delete: operations['ConsoleUsersController_withdrawInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/invitations/inspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * What an invitation is for (organization, email, role), before accepting it
     * @description A POST, so the token stays out of URLs and access logs. The same tokens are valid as for accepting.
     */
    post: operations['ConsoleUsersController_inspect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept an invitation: creates your user with its role, and signs you in */
    post: operations['ConsoleUsersController_accept'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/password-resets/inspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Whose password a reset link sets (email, name), before choosing the new one
     * @description A POST, so the token stays out of URLs and access logs. The same tokens are valid as for using it.
     */
    post: operations['ConsolePasswordResetsController_inspect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/password-resets/use': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a new password with a reset link: the link is used up, every session of the user ends, and you are signed in as them */
    post: operations['ConsolePasswordResetsController_use'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the gateway still waits for its first operator */
    get: operations['ConsoleSetupController_status'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/console/v1/setup/first-operator': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create the first operator and sign in as them: only while no operator exists (409 after)
     * @description Proven with the setup link printed at start-up (`setup_token`, single use, 24 hours) or the admin token (`admin_token`). Further operators are added by operators (POST /api/admin/v1/operators).
     */
    post: operations['ConsoleSetupController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the activity log (who changed which price, limit, budget, plan or tenant), newest first, with filters */
    get: operations['AdminActivityController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tenants, newest first (or given ids, or those whose name starts with q) */
    get: operations['AdminTenantsController_list'];
    put?: never;
    /** Create a tenant */
    post: operations['AdminTenantsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a tenant */
    get: operations['AdminTenantsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Rename, suspend or resume a tenant, or change its tenant-wide limit */
    patch: operations['AdminTenantsController_update'];
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/budget': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's budget (its spend cap, counted in what it owes) and its current period */
    get: operations['AdminTenantsController_budget'];
    /** Set a tenant's budget: every call of its keys and its customers' keys counts against it */
    put: operations['AdminTenantsController_putBudget'];
    post?: never;
    /** Remove a tenant's budget */
    delete: operations['AdminTenantsController_deleteBudget'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's keys, newest first (or given ids) */
    get: operations['AdminKeysController_list'];
    put?: never;
    /** Issue a key for a tenant (the secret is in this response only) */
    post: operations['AdminKeysController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a key */
    get: operations['AdminKeysController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/keys/{id}/effective-limits': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every request limit (per endpoint the key may call) and budget that applies to any key's calls, their current state, and which binds */
    get: operations['AdminKeysController_effectiveLimits'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/keys/{id}/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Any key's calls and billed amounts per UTC day of a period (default: the last 30 days) */
    get: operations['AdminKeysController_usage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a key: every gateway process refuses it at once (401 revoked_api_key) */
    post: operations['AdminKeysController_revoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/management-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's management keys, newest first */
    get: operations['AdminKeysController_listManagementKeys'];
    put?: never;
    /** Issue a management key for a tenant: it calls the reseller API (the secret is in this response only) */
    post: operations['AdminKeysController_createManagementKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/management-keys/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a management key: the next reseller API call with it is refused */
    post: operations['AdminKeysController_revokeManagementKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's customers, newest first (or given ids) */
    get: operations['AdminCustomersController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/customers/{customerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read one of a tenant's customers */
    get: operations['AdminCustomersController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List plans, newest first */
    get: operations['AdminPlansController_list'];
    put?: never;
    /** Create a plan */
    post: operations['AdminPlansController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/plans/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a plan */
    get: operations['AdminPlansController_get'];
    put?: never;
    post?: never;
    /** Delete a plan no tenant is on (409 otherwise) */
    delete: operations['AdminPlansController_delete'];
    options?: never;
    head?: never;
    /** Change a plan; its bounds apply to its tenants' keys on every process at once */
    patch: operations['AdminPlansController_update'];
    trace?: never;
  };
  '/api/admin/v1/catalog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List every catalog endpoint */
    get: operations['AdminCatalogController_list'];
    put?: never;
    /** Add an endpoint (its billing unit follows from the slug's category) */
    post: operations['AdminCatalogController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/reports/latency': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Declared against measured latency (p50, p95 of the answered calls of the last 7 days) per slug */
    get: operations['AdminCatalogController_latency'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/catalog/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read an endpoint as stored */
    get: operations['AdminCatalogController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Change prices, the default limit, the usage cap, latency, streaming or enabled */
    patch: operations['AdminCatalogController_update'];
    trace?: never;
  };
  '/api/admin/v1/catalog/{slug}/limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set or remove the operator's per-endpoint limit (per key per window) */
    put: operations['AdminCatalogController_setLimit'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/catalog/{slug}/upstreams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace the upstreams, in fallback order */
    put: operations['AdminCatalogController_replaceUpstreams'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/catalog/{slug}/models': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Replace the models a caller may choose, each at its own price */
    put: operations['AdminCatalogController_replaceModels'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/model-aliases': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List every model alias, with whether its target is in the catalog now */
    get: operations['AdminModelAliasesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/model-aliases/{alias}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Create an alias, or point it at another canonical model id (which must be in the catalog) */
    put: operations['AdminModelAliasesController_set'];
    post?: never;
    /** Remove an alias */
    delete: operations['AdminModelAliasesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read the audit trail, newest first, with filters (one call: `request_id`) */
    get: operations['AdminAuditController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The audit trail as a CSV download: every call the filters select (as GET /audit), newest first */
    get: operations['AdminAuditController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/audit/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Any tenant's call in full, by its request id: tenant, key, customer, refusal, upstream, usage per meter and every amount */
    get: operations['AdminAuditController_call'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/reports/revenue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Wholesale cost, resale revenue, customer price, both margins and plan fees by tenant (paged), slug or day, with exact totals; optionally of one tenant */
    get: operations['AdminReportsController_revenue'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/reports/revenue/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The revenue report as a CSV download: the whole period (every page by tenant), rows, meters and totals */
    get: operations['AdminReportsController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/statements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's monthly statements, newest month first: the months not closed yet (open), then the closed ones */
    get: operations['AdminStatementsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/statements/{month}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's statement of a month, JSON or CSV: closed, or the month in progress (status open) */
    get: operations['AdminStatementsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/customers/{customerId}/statements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's customer's monthly statements, newest month first: the months not closed yet (open), then the closed ones */
    get: operations['AdminStatementsController_listOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/customers/{customerId}/statements/{month}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A tenant's customer's statement of a month, JSON or CSV */
    get: operations['AdminStatementsController_getOfCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/operators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the operator users, newest first */
    get: operations['AdminOperatorsController_list'];
    put?: never;
    /** Create an operator user (email, password, name); they sign in at POST /api/console/v1/session */
    post: operations['AdminOperatorsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/operators/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove an operator user and end their sessions (yourself too, which signs you out); never the last operator (409) */
    delete: operations['AdminOperatorsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/tenants/{id}/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's users (name, email, role, last sign-in), newest first */
    get: operations['AdminUsersController_listOfTenant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/v1/users/{id}/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a one-time password reset link for any user, a tenant's or an operator: shown this once; it voids the user's previous link
     * @description The user opens `reset_url` within 24 hours, sets a new password (which ends all their sessions) and is signed in.
     */
    post: operations['AdminUsersController_issuePasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * @description An amount of US dollars as an exact decimal string: at most 12 decimals (the pico-dollar), no exponent; negative only where a difference can be (margins, adjustments). A string, not a number: a double would lose digits.
     * @example 0.0015
     */
    UsdAmount: string;
    /** @enum {string} */
    Category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra';
    /** @enum {string} */
    BillingUnit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call';
    /** @enum {string} */
    Meter:
      | 'tokens'
      | 'input_tokens'
      | 'cached_input_tokens'
      | 'cache_write_tokens'
      | 'output_tokens'
      | 'images'
      | 'minutes'
      | 'characters'
      | 'generations'
      | 'records'
      | 'verifications'
      | 'transactions'
      | 'calls';
    PublicMeterPriceView: {
      meter: components['schemas']['Meter'];
      /** @example 1k input tokens */
      unit_label: string;
      /**
       * @description USD per the meter's unit: the catalog's resale price (before a plan's discount).
       * @example 0.00015
       */
      price_usd_per_unit: components['schemas']['UsdAmount'];
    };
    PublicModelView: {
      name: string;
      prices: components['schemas']['PublicMeterPriceView'][];
    };
    PublicEndpointView: {
      /** @example text.generate */
      slug: string;
      category: components['schemas']['Category'];
      description: string;
      billing_unit: components['schemas']['BillingUnit'];
      /** @example 1k tokens */
      billing_unit_label: string;
      /**
       * @description USD per billing unit: the catalog's resale price of the default price (before a plan's discount); null: it is priced in other meters (see prices).
       * @example 0.003
       */
      price_usd_per_unit: components['schemas']['UsdAmount'] | null;
      /** @description The default price per meter (the first model’s, on an endpoint with models). */
      prices: components['schemas']['PublicMeterPriceView'][];
      /** @description The models a caller may name (those an upstream serves now), the first being the default; empty: one price. */
      models: components['schemas']['PublicModelView'][];
      declared_latency_ms: number;
      /** @description Median latency of the answered calls of the last 7 UTC days; null: none. */
      measured_p50_ms: number | null;
      streamable: boolean;
    };
    PublicCatalogView: {
      /** @description Every enabled endpoint, by slug. */
      data: components['schemas']['PublicEndpointView'][];
    };
    PlanView: {
      /** Format: uuid */
      id: string;
      name: string;
      description: string;
      /**
       * @description USD per month.
       * @example 49
       */
      monthly_fee_usd: components['schemas']['UsdAmount'];
      /** @description Discount on the catalog's resale prices, in basis points (1000 = 10 %). */
      resale_discount_bps: number;
      /** @description Ceiling of the tenant-wide request limit (per window); null: none. */
      request_limit_per_window: number | null;
      /**
       * @description Default monthly spend cap of a new budget; null: none.
       * @example 100
       */
      default_monthly_spend_cap_usd: components['schemas']['UsdAmount'] | null;
      /** @description Categories the plan includes; empty: all. */
      allowed_categories: components['schemas']['Category'][];
      /** @description Shown on the website's plans page. */
      public: boolean;
      /** @description The plan a self-service sign-up that names none starts on (at most one plan). */
      default_for_signups: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    PublicPlansView: {
      /** @description The public plans, cheapest first. */
      data: components['schemas']['PlanView'][];
      /**
       * @description The window every request limit counts in, in seconds (RATE_LIMIT_WINDOW_SECONDS): a limit of 5 is 5 requests per this many seconds.
       * @example 60
       */
      rate_limit_window_seconds: number;
    };
    /**
     * @description Stable code; clients switch on it.
     * @enum {string}
     */
    ErrorCode:
      | 'missing_api_key'
      | 'malformed_api_key'
      | 'invalid_api_key'
      | 'revoked_api_key'
      | 'expired_api_key'
      | 'invalid_admin_token'
      | 'invalid_management_key'
      | 'not_signed_in'
      | 'invalid_credentials'
      | 'budget_exceeded'
      | 'tenant_suspended'
      | 'customer_suspended'
      | 'endpoint_not_allowed'
      | 'csrf_check_failed'
      | 'insufficient_role'
      | 'plan_change_not_allowed'
      | 'endpoint_not_found'
      | 'model_not_found'
      | 'route_not_found'
      | 'resource_not_found'
      | 'method_not_allowed'
      | 'conflict'
      | 'key_already_rotated'
      | 'precondition_failed'
      | 'invalid_json'
      | 'invalid_request'
      | 'invalid_invitation'
      | 'invalid_password_reset'
      | 'invalid_setup_token'
      | 'operator_exists'
      | 'payload_too_large'
      | 'request_timeout'
      | 'headers_too_large'
      | 'unsupported_media_type'
      | 'upstream_rejected'
      | 'context_length_exceeded'
      | 'content_policy_violation'
      | 'rate_limited'
      | 'account_locked'
      | 'too_many_streams'
      | 'internal_error'
      | 'upstream_unavailable'
      | 'endpoint_disabled'
      | 'service_unavailable'
      | 'upstream_timeout'
      | 'stream_timeout'
      | 'stream_duration_exceeded';
    ErrorDetail: {
      /** @description Stable code; clients switch on it. */
      code: components['schemas']['ErrorCode'];
      /** @example Rate limit exceeded; retry after the time in Retry-After. */
      message: string;
      /**
       * Format: uuid
       * @description Equals the X-Service-Request-Id header.
       */
      request_id: string;
      /**
       * Format: uri-reference
       * @description The code's section of the error reference (what it means, what to do): a path on this gateway, the code as the fragment.
       * @example /docs/guide/api/errors#rate_limited
       */
      docs: string;
      /** @description Extra facts for some codes (e.g. `limit`). */
      details?: {
        [key: string]: unknown;
      };
    };
    ErrorBody: {
      error: components['schemas']['ErrorDetail'];
    };
    CallMeterUsage: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, a count). */
      quantity: number;
      /** @description The same usage in the meter's units (1k tokens, minutes, 1k characters, items). */
      units: number;
      /** @description What this meter cost the caller; the meters' sum is `billed_usd`. */
      billed_usd: number;
    };
    CallUsage: {
      billing_unit: components['schemas']['BillingUnit'];
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, a count). */
      quantity: number;
      /** @description The same usage in billing units. */
      units: number;
      /** @description The usage per meter of the price (input and output tokens, images, …); `quantity` sums those in the billing unit’s measure. */
      meters: components['schemas']['CallMeterUsage'][];
    };
    CallResponseEnvelope: {
      /** @example text.generate */
      endpoint: string;
      /**
       * @description Always `accepted` on success.
       * @enum {string}
       */
      status: 'accepted';
      /**
       * Format: uuid
       * @description Equals the X-Service-Request-Id header.
       */
      request_id: string;
      /** @example 0.000123 */
      billed_usd: number;
      /** Format: date-time */
      received_at: string;
      usage: components['schemas']['CallUsage'];
      /** @description The upstream's answer, unchanged (any JSON value). */
      result: Record<string, never>;
    };
    OpenAiErrorDetail: {
      message: string;
      /** @description OpenAI’s error type for the status: authentication_error, permission_error, rate_limit_error, … */
      type: string;
      /** @description The request field the error is about (`model`, `messages`, …). */
      param: string | null;
      /** @description The gateway’s stable error code (see `docs`). */
      code: string;
      /** Format: uuid */
      request_id?: string;
      /**
       * Format: uri-reference
       * @description The code’s section of the error reference: a path on this gateway.
       */
      docs?: string;
    };
    OpenAiErrorEnvelope: {
      error: components['schemas']['OpenAiErrorDetail'];
    };
    /**
     * @description How the actor authenticated.
     * @enum {string}
     */
    ActivityActorKind: 'operator_user' | 'admin_token' | 'tenant_user' | 'management_key';
    ActivityEntryView: {
      /** Format: uuid */
      id: string;
      /** Format: date-time */
      created_at: string;
      /**
       * Format: uuid
       * @description The tenant the changed entity belongs to; null for the operator's catalog and plans.
       */
      tenant_id: string | null;
      /** @description How the actor authenticated. */
      actor_kind: components['schemas']['ActivityActorKind'];
      /**
       * Format: uuid
       * @description The user's or management key's id; null for the admin token.
       */
      actor_id: string | null;
      /** @description The user's email when the actor is a user. */
      actor_email: string | null;
      /** @example price.set */
      action: string;
      /** @example price */
      entity_type: string;
      /** @example tenant:text-gen:tokens */
      entity_id: string;
      /** @description The changed fields before (money as decimal strings); null: it did not exist. */
      before: {
        [key: string]: unknown;
      } | null;
      /** @description The changed fields after; null: it was removed. */
      after: {
        [key: string]: unknown;
      } | null;
    };
    ActivityEntryPage: {
      data: components['schemas']['ActivityEntryView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    /** @enum {string} */
    TenantStatus: 'active' | 'suspended';
    /**
     * @description A reseller resells to customers of its own; a direct account calls for itself.
     * @enum {string}
     */
    TenantKind: 'reseller' | 'direct';
    TenantView: {
      /** Format: uuid */
      id: string;
      name: string;
      status: components['schemas']['TenantStatus'];
      /** @description A reseller resells to customers of its own; a direct account calls for itself. */
      kind: components['schemas']['TenantKind'];
      rate_limit_per_window: number | null;
      /**
       * Format: uuid
       * @description The plan the tenant is on; null: none.
       */
      plan_id: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    ScheduledPlanChangeView: {
      /** @description The plan the tenant moves to. */
      plan: components['schemas']['PlanView'];
      /**
       * Format: date-time
       * @description The start of a UTC month: the month after the first whole month the current plan was held, and at least the next one. The move is made then (normally within a second), and billed from that moment.
       */
      effective_from: string;
    };
    CallHoldView: {
      /** @example infra.dns */
      slug: string;
      /**
       * @description What a call holds whose input declares no count and sends no max_tokens: one unit for per-call units, the output cap (plus the input) for tokens, else the cap; a call that declares more holds more.
       * @example 0.0001
       */
      hold_usd: components['schemas']['UsdAmount'];
      /**
       * @description The most any one call can hold: the slug's max_quantity_per_call at its dearest price.
       * @example 10
       */
      max_hold_usd: components['schemas']['UsdAmount'];
    };
    BudgetView: {
      /** @enum {string} */
      subject: 'key' | 'customer' | 'tenant';
      /** Format: uuid */
      subject_id: string;
      /** @enum {string} */
      period: 'daily' | 'weekly' | 'monthly' | 'none';
      /**
       * @description The cap.
       * @example 25
       */
      cap_usd: components['schemas']['UsdAmount'];
      /**
       * @description Spent in the current period: the audit records that have landed (a second or so behind).
       * @example 3.1415
       */
      spent_usd: components['schemas']['UsdAmount'];
      /**
       * @description Held by calls in flight: each what it can cost as its input tells, settled to its cost when it ends.
       * @example 0.03
       */
      held_usd: components['schemas']['UsdAmount'];
      /**
       * @description cap − spent − held, never below 0.
       * @example 21.8285
       */
      remaining_usd: components['schemas']['UsdAmount'];
      /** Format: date-time */
      period_start: string;
      /**
       * Format: date-time
       * @description When the period ends and the spend starts again from 0; null for `none`.
       */
      resets_at: string | null;
      /** Format: date-time */
      updated_at: string;
      /** @description Per endpoint the subject may call (enabled, allowed by its plan and lists), by slug: what one call holds on this budget. */
      call_holds: components['schemas']['CallHoldView'][];
    };
    MeView: {
      tenant: components['schemas']['TenantView'];
      /** @description The plan the tenant is on; null: none. */
      plan: components['schemas']['PlanView'] | null;
      /** @description A move to a plan with a smaller monthly fee (or a bigger discount for the same fee) that waits for a month’s start: the current plan is held, and its fee owed, for at least one whole month. null: none. */
      scheduled_plan_change: components['schemas']['ScheduledPlanChangeView'] | null;
      /** @description The tenant's budget (set by the operator, or the plan's default monthly cap) and its current period; null: none. */
      budget: components['schemas']['BudgetView'] | null;
    };
    ChoosePlanRequest: {
      /**
       * Format: uuid
       * @description A public plan (GET /api/public/v1/plans). null (none) is refused: only the operator takes a tenant off its plan.
       */
      plan_id: string | null;
    };
    CreateCustomerRequest: {
      name: string;
      /** @description Your own id for the customer, unique among your customers (a deleted customer's id is free again). */
      external_id?: string;
      /** @description Free-form JSON object, at most 8 KiB. */
      metadata?: {
        [key: string]: unknown;
      };
    };
    /**
     * @description A suspended customer's keys get 403 customer_suspended.
     * @enum {string}
     */
    CustomerStatus: 'active' | 'suspended';
    CustomerView: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      name: string;
      external_id: string | null;
      /** @description A suspended customer's keys get 403 customer_suspended. */
      status: components['schemas']['CustomerStatus'];
      metadata: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    CustomerPage: {
      data: components['schemas']['CustomerView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    UpdateCustomerRequest: {
      name?: string;
      /** @description Your own id for the customer, unique among your customers (a deleted customer's id is free again). null removes it. */
      external_id?: string | null;
      /** @description Replaces the whole metadata object; at most 8 KiB. */
      metadata?: {
        [key: string]: unknown;
      };
    };
    CreateResellerKeyRequest: {
      /** @description A label for the key owner's own use. */
      name?: string;
      /**
       * Format: date-time
       * @description ISO 8601 instant after which the key stops working (401 expired_api_key).
       */
      expires_at?: string;
    };
    /** @enum {string} */
    ApiKeyStatus: 'active' | 'revoked';
    CreatedApiKeyView: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description The tenant's customer the key belongs to; null for the tenant's own keys.
       */
      customer_id: string | null;
      name: string;
      /** @description The visible part of the key (`gw_` and 12 characters), for telling keys apart. */
      prefix: string;
      status: components['schemas']['ApiKeyStatus'];
      rate_limit_per_window: number | null;
      /** Format: date-time */
      expires_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
      /** Format: date-time */
      created_at: string;
      /**
       * Format: uuid
       * @description The key this one replaced by rotation.
       */
      rotated_from_id: string | null;
      /**
       * Format: date-time
       * @description When the key last called the gateway (from the audit trail); null: never.
       */
      last_used_at: string | null;
      /** @description The whole key. Shown once: only its hash is stored, so it can never be shown again. */
      key: string;
    };
    ApiKeyView: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description The tenant's customer the key belongs to; null for the tenant's own keys.
       */
      customer_id: string | null;
      name: string;
      /** @description The visible part of the key (`gw_` and 12 characters), for telling keys apart. */
      prefix: string;
      status: components['schemas']['ApiKeyStatus'];
      rate_limit_per_window: number | null;
      /** Format: date-time */
      expires_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
      /** Format: date-time */
      created_at: string;
      /**
       * Format: uuid
       * @description The key this one replaced by rotation.
       */
      rotated_from_id: string | null;
      /**
       * Format: date-time
       * @description When the key last called the gateway (from the audit trail); null: never.
       */
      last_used_at: string | null;
    };
    ApiKeyPage: {
      data: components['schemas']['ApiKeyView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    LimitSettingView: {
      /**
       * @description Who set it: the catalog's default, the operator's override on the endpoint or on the key, the tenant's per-endpoint or overall limit on the key or its customer, the tenant's own limit or its plan's.
       * @enum {string}
       */
      source:
        | 'catalog_default'
        | 'endpoint_override'
        | 'key_override'
        | 'key_per_slug'
        | 'key'
        | 'customer_per_slug'
        | 'customer'
        | 'tenant'
        | 'plan';
      /**
       * @description Requests per window.
       * @example 60
       */
      limit: number;
      /** @description Whether this setting is the figure the gateway counts against (the smaller one wins where two meet). */
      applies: boolean;
    };
    EffectiveRateLimitView: {
      /**
       * @description The bucket, as RateLimit-Policy names it: this key on this endpoint, the key overall, the customer on this endpoint, the customer overall, the tenant overall.
       * @enum {string}
       */
      name: 'endpoint' | 'key' | 'customer_endpoint' | 'customer' | 'tenant';
      /**
       * @description Requests per window.
       * @example 60
       */
      limit: number;
      /** @example 60 */
      window_seconds: number;
      /**
       * @description Calls counted in the current window.
       * @example 3
       */
      used: number;
      /** @example 57 */
      remaining: number;
      /**
       * Format: date-time
       * @description When the current window ends; null when no call is counted (a window starts at its first call).
       */
      resets_at: string | null;
      /** @description The limit with the least room: the one X-RateLimit-Limit reports on the next call, and the first to refuse. */
      binding: boolean;
      set_by: components['schemas']['LimitSettingView'][];
    };
    EndpointLimitsView: {
      /** @example infra.dns */
      slug: string;
      /** @example infra */
      category: string;
      /** @description In the order the gateway checks them. */
      limits: components['schemas']['EffectiveRateLimitView'][];
      /**
       * @description The name of the binding limit.
       * @enum {string}
       */
      binding: 'endpoint' | 'key' | 'customer_endpoint' | 'customer' | 'tenant';
    };
    EffectiveBudgetView: {
      /** Format: uuid */
      budget_id: string;
      /** @enum {string} */
      subject: 'key' | 'customer' | 'tenant';
      /** Format: uuid */
      subject_id: string;
      /** @enum {string} */
      period: 'daily' | 'weekly' | 'monthly' | 'none';
      /**
       * @description The cap.
       * @example 25
       */
      cap_usd: components['schemas']['UsdAmount'];
      /**
       * @description Spent in the current period.
       * @example 3.14
       */
      spent_usd: components['schemas']['UsdAmount'];
      /**
       * @description Held by calls in flight.
       * @example 0
       */
      held_usd: components['schemas']['UsdAmount'];
      /**
       * @description cap − spent − held, never below 0.
       * @example 21.86
       */
      remaining_usd: components['schemas']['UsdAmount'];
      /** Format: date-time */
      period_start: string;
      /**
       * Format: date-time
       * @description Null for a lifetime budget.
       */
      resets_at: string | null;
      /** @description The budget the gateway refuses on first (402 budget_exceeded names it in details.budget_id): the first already spent, else the one with the least room. A tenant's budget counts resale figures, a key's or customer's the customer price. */
      binding: boolean;
    };
    PlanLimitsView: {
      /** @example Starter */
      name: string;
      /** @description The plan’s requests per window across the tenant; null = none. */
      limit: number | null;
      /** @description The plan's default monthly cap: it becomes the tenant's budget when the tenant joins the plan without one. */
      default_monthly_cap_usd: components['schemas']['UsdAmount'] | null;
    };
    EffectiveLimitsView: {
      /** Format: uuid */
      key_id: string;
      /**
       * @description The length of every request-limit window (RATE_LIMIT_WINDOW_SECONDS).
       * @example 60
       */
      window_seconds: number;
      /** @description Per endpoint the key may call, by slug. */
      endpoints: components['schemas']['EndpointLimitsView'][];
      /** @description Empty when no budget applies. */
      budgets: components['schemas']['EffectiveBudgetView'][];
      plan: components['schemas']['PlanLimitsView'] | null;
    };
    KeyUsageDayView: {
      /**
       * Format: date
       * @example 2026-11-28
       */
      day: string;
      /** @example 120 */
      calls: number;
      /**
       * @description Calls answered with a status of 400 or more.
       * @example 2
       */
      errors: number;
      /**
       * @description What the calls were billed at the customer price.
       * @example 1.2
       */
      customer_price_usd: components['schemas']['UsdAmount'];
      /**
       * @description What the calls cost the tenant (resale).
       * @example 0.9
       */
      resale_usd: components['schemas']['UsdAmount'];
    };
    KeyUsageView: {
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      to: string;
      days: components['schemas']['KeyUsageDayView'][];
    };
    UpdateResellerKeyRequest: {
      name?: string;
      /**
       * Format: date-time
       * @description When the key stops working; null: never.
       */
      expires_at?: string | null;
    };
    RotateResellerKeyRequest: {
      /**
       * @description How long the old key keeps working, in seconds (default 24 h, at most 7 days).
       * @default 86400
       */
      grace_seconds?: number;
    };
    RotatedApiKeyView: {
      key: components['schemas']['CreatedApiKeyView'];
      /** @description The old key: `expires_at` is the end of its grace period. */
      previous: components['schemas']['ApiKeyView'];
    };
    LimitsBody: {
      /** @description Requests per window across every slug; null or absent: none. */
      requests_per_window?: number | null;
      /**
       * @description Requests per window per slug. On a key, the operator's limit of the slug stays the ceiling.
       * @example {
       *       "text.generate": 60
       *     }
       */
      per_slug?: {
        [key: string]: number;
      };
      /**
       * @description The slugs or whole categories (`text.*`) it may call; empty or absent: all (within the plan).
       * @example [
       *       "text.*",
       *       "data.enrich"
       *     ]
       */
      allowed_endpoints?: string[];
    };
    SlugLimitRequest: {
      /**
       * @description Requests per window on this slug.
       * @example 60
       */
      requests_per_window: number;
    };
    BudgetRequest: {
      /**
       * @description UTC calendar `daily`, `weekly` (from Monday) or `monthly`, or `none` (a lifetime cap). Changing the period starts a new ledger.
       * @enum {string}
       */
      period: 'daily' | 'weekly' | 'monthly' | 'none';
      /**
       * @description The cap in USD, more than 0. From 0.000000000001 to 9007199.254740991.
       * @example 25.00
       */
      cap_usd: components['schemas']['UsdAmount'];
    };
    PriceView: {
      /** @example text.generate */
      slug: string;
      /**
       * Format: uuid
       * @description The customer the price is for; null: every customer.
       */
      customer_id: string | null;
      /** @description The slug's billing unit. */
      billing_unit: components['schemas']['BillingUnit'];
      /** @description The meter the price is for. */
      meter: components['schemas']['Meter'];
      /**
       * @description The meter's unit the price is per.
       * @example 1k input tokens
       */
      unit_label: string;
      /**
       * @description USD per the meter's unit.
       * @example 0.002
       */
      price_usd_per_unit: components['schemas']['UsdAmount'];
      /** Format: date-time */
      updated_at: string;
    };
    PriceListView: {
      data: components['schemas']['PriceView'][];
    };
    SetPriceRequest: {
      /**
       * @description USD per unit of the meter, the unit of the catalog's resale price for it ($0.002 per 1k tokens is "0.002"; per 1k input tokens, per minute, per image, …). It applies to every model of the slug. From 0 to 9007.199254740991.
       * @example 0.002
       */
      price_usd_per_unit: components['schemas']['UsdAmount'];
    };
    MarkupView: {
      /**
       * @description The slug the markup is on; `*`: every slug.
       * @example text.generate
       */
      slug: string;
      /**
       * Format: uuid
       * @description The customer the markup is for; null: every customer.
       */
      customer_id: string | null;
      /** @example 2500 */
      markup_bps: number;
      /** Format: date-time */
      updated_at: string;
    };
    MarkupListView: {
      data: components['schemas']['MarkupView'][];
    };
    SetMarkupRequest: {
      /**
       * @description Basis points over what you owe for a call (the catalog's resale price under your plan's discount), per meter: 2500 is 25 % over it, 0 passes your cost on, 100000 (1000 %) at most.
       * @example 2500
       */
      markup_bps: number;
    };
    ResellerAuditRecordMeterView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items). */
      quantity: number;
      /** @description What you owe the operator for this meter (resale). */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description What the caller was billed for this meter: the call's `meters[].billed_usd`. */
      billed_usd: components['schemas']['UsdAmount'];
    };
    ResellerAuditRecordView: {
      /**
       * Format: uuid
       * @description The X-Service-Request-Id of the call.
       */
      request_id: string;
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      customer_id: string | null;
      /** Format: uuid */
      api_key_id: string | null;
      endpoint: string | null;
      method: string;
      /** @description HTTP status; 499 when the client left before the answer. */
      status: number;
      error_code: string | null;
      latency_ms: number;
      client_ip: string | null;
      /** @description Usage in the billing unit's base measure. */
      quantity: number;
      /**
       * @description What the caller was billed (its `billed_usd`): your price for the customer, else the catalog's list price (your own keys: your resale price).
       * @example 0.002
       */
      customer_price_usd: components['schemas']['UsdAmount'];
      /**
       * @description What you owe the operator for the call: the catalog's resale price under your plan.
       * @example 0.0015
       */
      resale_usd: components['schemas']['UsdAmount'];
      /**
       * @description Your margin on the call: what the caller was billed minus what you owe (negative where you price below your cost).
       * @example 0.0005
       */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
      meters: components['schemas']['ResellerAuditRecordMeterView'][];
      /** @enum {string|null} */
      stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
      /**
       * @description The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).
       * @enum {string}
       */
      door: 'slug' | 'openai';
    };
    ResellerAuditRecordPage: {
      data: components['schemas']['ResellerAuditRecordView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    CallKeyView: {
      /** Format: uuid */
      id: string;
      /** @description The key's name; null when the key no longer exists. */
      name: string | null;
      /** @description The key's visible prefix (never the key); null when it no longer exists. */
      prefix: string | null;
    };
    CallCustomerView: {
      /** Format: uuid */
      id: string;
      /** @description The customer's name; null when it no longer exists. */
      name: string | null;
      external_id: string | null;
    };
    ResellerAuditCallView: {
      /**
       * Format: uuid
       * @description The X-Service-Request-Id of the call.
       */
      request_id: string;
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      customer_id: string | null;
      /** Format: uuid */
      api_key_id: string | null;
      endpoint: string | null;
      method: string;
      /** @description HTTP status; 499 when the client left before the answer. */
      status: number;
      error_code: string | null;
      latency_ms: number;
      client_ip: string | null;
      /** @description Usage in the billing unit's base measure. */
      quantity: number;
      /**
       * @description What the caller was billed (its `billed_usd`): your price for the customer, else the catalog's list price (your own keys: your resale price).
       * @example 0.002
       */
      customer_price_usd: components['schemas']['UsdAmount'];
      /**
       * @description What you owe the operator for the call: the catalog's resale price under your plan.
       * @example 0.0015
       */
      resale_usd: components['schemas']['UsdAmount'];
      /**
       * @description Your margin on the call: what the caller was billed minus what you owe (negative where you price below your cost).
       * @example 0.0005
       */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
      meters: components['schemas']['ResellerAuditRecordMeterView'][];
      /** @enum {string|null} */
      stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
      /**
       * @description The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).
       * @enum {string}
       */
      door: 'slug' | 'openai';
      /** @description The key that called; null for a call without a valid key. */
      key: components['schemas']['CallKeyView'] | null;
      /** @description The customer whose key called; null for your own keys. */
      customer: components['schemas']['CallCustomerView'] | null;
      /** @description What refused the call, beside `error_code`: for `budget_exceeded`, the error's own `details` (`budget_id`, `limit_source` (`key`, `customer`, `tenant`), `subject_id`, `period`, `cap_usd`, `spent_usd`, `held_usd`, `resets_at`); for `rate_limited`, the limit that was full (`limit`: `endpoint`, `key`, `customer_endpoint`, `customer` or `tenant`; its `quota` per window; `window_seconds`). Null for any other outcome, and for calls recorded before refusals were kept. */
      error_details: {
        [key: string]: unknown;
      } | null;
      /**
       * @description How the usage was measured.
       * @enum {string|null}
       */
      usage_source: 'reported' | 'estimated' | 'capped' | null;
      /** @description The endpoint's billing unit; null when the call named no endpoint. */
      billing_unit: string | null;
    };
    ReportPeriodView: {
      /** Format: date-time */
      from: string;
      /** Format: date-time */
      to: string;
    };
    UsageMeterLineView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
      quantity: string;
      /** @description What your customers (and your own keys) were billed for this meter. */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator for this meter. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale for this meter. */
      reseller_margin_usd: components['schemas']['UsdAmount'];
    };
    UsageRowView: {
      /** @description The customer id (null: your own keys), slug or UTC day (YYYY-MM-DD). */
      key: string | null;
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description Usage in the billing units' base measures (a decimal string). */
      quantity: string;
      /** @description What your customers (and your own keys) were billed: your prices for your customers, else your resale price. */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description By slug only (absent by customer, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure. */
      meters?: components['schemas']['UsageMeterLineView'][];
    };
    UsageReportView: {
      /** @enum {string} */
      group_by: 'customer' | 'slug' | 'day';
      period: components['schemas']['ReportPeriodView'];
      data: components['schemas']['UsageRowView'][];
      /** @description The sums of the whole period (key null), on every page: the sums of all its rows. */
      totals: components['schemas']['UsageRowView'];
      /** @description By customer: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day. */
      next_cursor: string | null;
    };
    StatementSumsView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
    };
    StatementSummaryView: {
      /**
       * Format: uuid
       * @description Null while the statement is open.
       */
      id: string | null;
      /** Format: uuid */
      tenant_id: string;
      /** Format: uuid */
      customer_id: string | null;
      /** @example 2026-10 */
      month: string;
      /**
       * @description `closed`: frozen. `open`: not closed yet, computed from usage as it is now: the month in progress, and a month that has ended but is not closed yet (it closes after a grace period).
       * @enum {string}
       */
      status: 'open' | 'closed';
      /**
       * Format: date-time
       * @description Null while the statement is open.
       */
      closed_at: string | null;
      /** @description The month's usage. */
      usage: components['schemas']['StatementSumsView'];
      /** @description The adjustments (corrections of earlier months) that appear on it; while open, those found so far. */
      adjustment_totals: components['schemas']['StatementSumsView'];
      /** @description Usage plus adjustments. */
      totals: components['schemas']['StatementSumsView'];
      /** @description The plan fee of the month (while open, as it stands). */
      plan_fee_usd: components['schemas']['UsdAmount'];
      /** @description What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
      total_usd: components['schemas']['UsdAmount'];
    };
    StatementSummaryPage: {
      data: components['schemas']['StatementSummaryView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    StatementMeterLineView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
      quantity: string;
      /** @description What the callers were billed for this meter. */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator for this meter. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale for this meter. */
      reseller_margin_usd: components['schemas']['UsdAmount'];
    };
    StatementLineView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
      slug: string | null;
      /** @enum {string|null} */
      category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
      /** @enum {string|null} */
      billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
      quantity: string;
      /** @description The line's usage per meter of its price (input and output tokens, images, …), in meter order: their amounts sum to the line's exactly; each quantity is in its own meter's measure. Empty for calls that billed nothing. Null on a statement closed before meter lines were kept (its lines are per slug only, and stay so). */
      meters: components['schemas']['StatementMeterLineView'][] | null;
    };
    StatementAdjustmentView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
      slug: string | null;
      /** @enum {string|null} */
      category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
      /** @enum {string|null} */
      billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
      quantity: string;
      /**
       * @description The closed month it corrects (YYYY-MM).
       * @example 2026-10
       */
      corrects_month: string;
      /**
       * Format: date-time
       * @description When reconciliation found it.
       */
      found_at: string;
    };
    PlanFeeLineView: {
      /**
       * Format: uuid
       * @description The plan (its id as it was; the plan may since be deleted).
       */
      plan_id: string | null;
      /** @description The plan's name when it was held. */
      plan_name: string;
      /** @description The plan's monthly fee. */
      monthly_fee_usd: components['schemas']['UsdAmount'];
      /**
       * Format: date-time
       * @description Held from (inclusive), within the month.
       */
      from: string;
      /**
       * Format: date-time
       * @description Held until (exclusive), within the month; an open month counts the plan held now to its end.
       */
      until: string;
      /** @description The monthly fee × the milliseconds held ÷ the milliseconds of the month, rounded down to the pico-USD. */
      fee_usd: components['schemas']['UsdAmount'];
    };
    StatementView: {
      /**
       * Format: uuid
       * @description Null while the statement is open.
       */
      id: string | null;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description Null: the tenant's statement (every customer and its own keys).
       */
      customer_id: string | null;
      /**
       * @description The UTC calendar month (YYYY-MM).
       * @example 2026-10
       */
      month: string;
      /**
       * @description `closed`: frozen, never changes again. `open`: the month is not closed yet; computed from usage as it is now.
       * @enum {string}
       */
      status: 'open' | 'closed';
      /** @description The month: `from` inclusive, `to` exclusive (UTC). */
      period: components['schemas']['ReportPeriodView'];
      /** Format: date-time */
      closed_at: string | null;
      /** @description The month's usage, one line per slug (and its billing unit). */
      lines: components['schemas']['StatementLineView'][];
      /** @description The sums of the lines. */
      usage: components['schemas']['StatementSumsView'];
      /** @description Corrections of earlier months that appear on this statement (while it is open: those found so far). */
      adjustments: components['schemas']['StatementAdjustmentView'][];
      /** @description The sums of the adjustments. */
      adjustment_totals: components['schemas']['StatementSumsView'];
      /** @description Usage plus adjustments: what the statement totals. */
      totals: components['schemas']['StatementSumsView'];
      /** @description The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's). */
      plan_fees: components['schemas']['PlanFeeLineView'][];
      /** @description The sum of the plan fee lines. */
      plan_fee_usd: components['schemas']['UsdAmount'];
      /** @description What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
      total_usd: components['schemas']['UsdAmount'];
    };
    /**
     * @description The event types this endpoint receives (at least one).
     * @enum {string}
     */
    WebhookEventType: 'test' | 'budget.threshold' | 'key.expired' | 'key.rotated' | 'customer.suspended' | 'statement.closed';
    CreateWebhookEndpointRequest: {
      /**
       * Format: uri
       * @description Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to).
       */
      url: string;
      /** @description The event types this endpoint receives (at least one). */
      events: components['schemas']['WebhookEventType'][];
      description?: string;
    };
    /**
     * @description A disabled endpoint gets no deliveries; set it `active` again with PATCH.
     * @enum {string}
     */
    WebhookEndpointStatus: 'active' | 'disabled';
    WebhookEndpointWithSecretView: {
      /** Format: uuid */
      id: string;
      /** Format: uri */
      url: string;
      description: string;
      events: components['schemas']['WebhookEventType'][];
      /** @description A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
      status: components['schemas']['WebhookEndpointStatus'];
      /**
       * @description `gone`: the receiver answered 410; `tenant`: you disabled it. Null while active.
       * @enum {string|null}
       */
      disabled_reason: 'gone' | 'tenant' | null;
      /**
       * Format: date-time
       * @description Until then deliveries are also signed with the secret before the last rotation.
       */
      previous_secret_expires_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description The signing secret (`whsec_…`): shown this once; store it now. */
      secret: string;
    };
    WebhookEndpointView: {
      /** Format: uuid */
      id: string;
      /** Format: uri */
      url: string;
      description: string;
      events: components['schemas']['WebhookEventType'][];
      /** @description A disabled endpoint gets no deliveries; set it `active` again with PATCH. */
      status: components['schemas']['WebhookEndpointStatus'];
      /**
       * @description `gone`: the receiver answered 410; `tenant`: you disabled it. Null while active.
       * @enum {string|null}
       */
      disabled_reason: 'gone' | 'tenant' | null;
      /**
       * Format: date-time
       * @description Until then deliveries are also signed with the secret before the last rotation.
       */
      previous_secret_expires_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WebhookEndpointPage: {
      data: components['schemas']['WebhookEndpointView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    UpdateWebhookEndpointRequest: {
      /**
       * Format: uri
       * @description Where deliveries are POSTed: https:// (http:// only where the operator allows it), no credentials or fragment, never a loopback, private, link-local or reserved address (checked again on every address the host resolves to).
       */
      url?: string;
      /** @description The event types this endpoint receives (at least one). */
      events?: components['schemas']['WebhookEventType'][];
      description?: string;
      /** @description `disabled` stops deliveries; `active` resumes them (also after a 410 disabled it). */
      status?: components['schemas']['WebhookEndpointStatus'];
    };
    RotateWebhookSecretRequest: {
      /**
       * @description How long deliveries are also signed with the old secret, in seconds (default 24 h, at most 7 days; 0: not at all).
       * @default 86400
       */
      grace_seconds?: number;
    };
    /**
     * @description `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled).
     * @enum {string}
     */
    WebhookDeliveryState: 'pending' | 'delivered' | 'failed';
    WebhookDeliveryView: {
      /**
       * Format: uuid
       * @description The `Webhook-Id` header and the body's `id`: the same on every attempt; drop duplicates on it.
       */
      id: string;
      /** Format: uuid */
      endpoint_id: string;
      event: components['schemas']['WebhookEventType'];
      /** @description `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled). */
      state: components['schemas']['WebhookDeliveryState'];
      attempt_count: number;
      /** @description The last attempt's HTTP status; null when none answered. */
      last_status: number | null;
      last_error: string | null;
      /** Format: date-time */
      next_attempt_at: string | null;
      /**
       * Format: date-time
       * @description No attempt is scheduled after this.
       */
      retry_until: string;
      /** Format: date-time */
      delivered_at: string | null;
      /**
       * Format: date-time
       * @description When the event happened (the body's `created_at`).
       */
      created_at: string;
    };
    WebhookDeliveryPage: {
      data: components['schemas']['WebhookDeliveryView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    WebhookAttemptView: {
      number: number;
      /** Format: date-time */
      started_at: string;
      duration_ms: number;
      /** @description Null: no answer (timeout, connection error, refused target). */
      status: number | null;
      error: string | null;
      /**
       * Format: date-time
       * @description When the retry this failure scheduled is due.
       */
      next_attempt_at: string | null;
    };
    WebhookDeliveryDetailView: {
      /**
       * Format: uuid
       * @description The `Webhook-Id` header and the body's `id`: the same on every attempt; drop duplicates on it.
       */
      id: string;
      /** Format: uuid */
      endpoint_id: string;
      event: components['schemas']['WebhookEventType'];
      /** @description `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx came; `failed`: given up (410, retry window over, endpoint disabled). */
      state: components['schemas']['WebhookDeliveryState'];
      attempt_count: number;
      /** @description The last attempt's HTTP status; null when none answered. */
      last_status: number | null;
      last_error: string | null;
      /** Format: date-time */
      next_attempt_at: string | null;
      /**
       * Format: date-time
       * @description No attempt is scheduled after this.
       */
      retry_until: string;
      /** Format: date-time */
      delivered_at: string | null;
      /**
       * Format: date-time
       * @description When the event happened (the body's `created_at`).
       */
      created_at: string;
      /** @description The body as sent: `{id, type, created_at, data}`. */
      payload: {
        [key: string]: unknown;
      };
      attempts: components['schemas']['WebhookAttemptView'][];
    };
    CreateManagementKeyRequest: {
      /** @description A label, e.g. where the key is used. */
      name?: string;
    };
    CreatedManagementKeyView: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      name: string;
      /** @description The visible part of the key (`gwm_` and 12 characters). */
      prefix: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      revoked_at: string | null;
      /**
       * Format: uuid
       * @description The owner who issued it (signed in, or through a management key of theirs): it is revoked when they are removed or stop being an owner. null: issued by the operator, through a key the operator issued, or before this was kept.
       */
      created_by_user_id: string | null;
      /** @description The whole key (`gwm_…`). Shown once: only its hash is stored. */
      key: string;
    };
    ManagementKeyView: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      tenant_id: string;
      name: string;
      /** @description The visible part of the key (`gwm_` and 12 characters). */
      prefix: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      revoked_at: string | null;
      /**
       * Format: uuid
       * @description The owner who issued it (signed in, or through a management key of theirs): it is revoked when they are removed or stop being an owner. null: issued by the operator, through a key the operator issued, or before this was kept.
       */
      created_by_user_id: string | null;
    };
    ManagementKeyPage: {
      data: components['schemas']['ManagementKeyView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    SignUpRequest: {
      /**
       * Format: email
       * @description Stored trimmed and lower-cased.
       */
      email: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      password: string;
      name: string;
      /** @description The new tenant's name (your organisation). */
      organization: string;
      /**
       * @description reseller: you resell to customers of your own; direct: you call for yourself.
       * @enum {string}
       */
      kind: 'direct' | 'reseller';
      /**
       * Format: uuid
       * @description A public plan (GET /api/public/v1/plans); omitted: the operator's default plan for sign-ups (none if the operator flagged none).
       */
      plan_id?: string;
    };
    /**
     * @description owner: everything; developer: everything but users, plan and management keys; viewer: reads; operator: the operator API.
     * @enum {string}
     */
    UserRole: 'owner' | 'developer' | 'viewer' | 'operator';
    UserView: {
      /** Format: uuid */
      id: string;
      /** @description Lower-case, as stored. */
      email: string;
      name: string;
      /** @description owner: everything; developer: everything but users, plan and management keys; viewer: reads; operator: the operator API. */
      role: components['schemas']['UserRole'];
      /**
       * Format: uuid
       * @description The user's tenant; null for operators.
       */
      tenant_id: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      last_sign_in_at: string | null;
    };
    SessionView: {
      user: components['schemas']['UserView'];
      /** @description The user's tenant; null for operators. */
      tenant: components['schemas']['TenantView'] | null;
      /** @description The tenant's plan; null: none (or an operator). */
      plan: components['schemas']['PlanView'] | null;
      /** @description Send it in X-CSRF-Token on every POST, PUT, PATCH and DELETE this session makes (any API). */
      csrf_token: string;
    };
    SignInRequest: {
      /** Format: email */
      email: string;
      /** Format: password */
      password: string;
    };
    ChangePasswordRequest: {
      /** Format: password */
      current_password: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      new_password: string;
    };
    UserPage: {
      data: components['schemas']['UserView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    InviteUserRequest: {
      /**
       * Format: email
       * @description Stored trimmed and lower-cased.
       */
      email: string;
      /**
       * @description owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads.
       * @enum {string}
       */
      role: 'owner' | 'developer' | 'viewer';
    };
    InvitationView: {
      /** Format: uuid */
      id: string;
      email: string;
      /**
       * @description The role the user gets on accepting.
       * @enum {string}
       */
      role: 'owner' | 'developer' | 'viewer';
      /**
       * Format: date-time
       * @description It cannot be accepted after this (7 days after its creation).
       */
      expires_at: string;
      /**
       * Format: uuid
       * @description The owner who invited; null once removed.
       */
      invited_by: string | null;
      /** Format: date-time */
      created_at: string;
    };
    InvitationCreatedView: {
      invitation: components['schemas']['InvitationView'];
      /** @description Shown this once (only its hash is stored): give it to the invitee, who accepts with it within 7 days. */
      token: string;
      /** @description The console page that accepts it, with the token in the URL's fragment (never sent to a server). */
      accept_url: string;
    };
    ChangeRoleRequest: {
      /**
       * @description owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads.
       * @enum {string}
       */
      role: 'owner' | 'developer' | 'viewer';
    };
    PasswordResetCreatedView: {
      /**
       * Format: uuid
       * @description The user whose password the link resets.
       */
      user_id: string;
      /** @description Shown this once (only its hash is stored): give it to the user, who sets a new password with it once, within 24 hours. */
      token: string;
      /** @description The page that sets the new password, with the token in the URL's fragment (never sent to a server). */
      reset_url: string;
      /**
       * Format: date-time
       * @description After this instant the link no longer works. A newer link voids this one at once.
       */
      expires_at: string;
    };
    InvitationPage: {
      data: components['schemas']['InvitationView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    InspectInvitationRequest: {
      /** @description The token of POST /users (`gwi_…`). */
      token: string;
    };
    InvitationPreviewView: {
      /** @description The name of the tenant the invitee joins. */
      organization: string;
      /** @description The email the account will have (the one invited). */
      email: string;
      /**
       * @description owner: everything; developer: everything of the reseller API but users, the plan and management keys; viewer: reads.
       * @enum {string}
       */
      role: 'owner' | 'developer' | 'viewer';
      /**
       * Format: date-time
       * @description After this instant the invitation can no longer be accepted.
       */
      expires_at: string;
    };
    AcceptInvitationRequest: {
      /** @description The token of POST /users (`gwi_…`). */
      token: string;
      name: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      password: string;
    };
    InspectPasswordResetRequest: {
      /** @description The token of a reset link (`gwr_…`). */
      token: string;
    };
    PasswordResetPreviewView: {
      /** @description The email of the account (its sign-in name). */
      email: string;
      name: string;
      /**
       * Format: date-time
       * @description After this instant the link no longer works.
       */
      expires_at: string;
    };
    UsePasswordResetRequest: {
      /** @description The token of a reset link (`gwr_…`). */
      token: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      password: string;
    };
    SetupStatusView: {
      /** @description True while no operator user exists: the sign-in page then offers to create the first operator. */
      first_operator_needed: boolean;
    };
    CreateFirstOperatorRequest: {
      /**
       * Format: email
       * @description Stored trimmed and lower-cased.
       */
      email: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      password: string;
      name: string;
      /** @description The token of the setup link printed at start-up (`gws_…`, in its fragment). */
      setup_token?: string;
      /** @description ADMIN_TOKEN (or the content of `DATA_DIR/admin-token`), pasted once. */
      admin_token?: string;
    };
    CreateTenantRequest: {
      /**
       * Format: uuid
       * @description The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit.
       */
      plan_id?: string;
      name: string;
      /**
       * @description A reseller resells to customers of its own (the reseller API); a direct account calls for itself.
       * @default direct
       * @enum {string}
       */
      kind?: 'reseller' | 'direct';
      /** @description Requests per window across all the tenant's keys and slugs; null for no tenant-wide cap. */
      rate_limit_per_window?: number | null;
    };
    TenantPage: {
      data: components['schemas']['TenantView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    UpdateTenantRequest: {
      /**
       * Format: uuid
       * @description The plan the tenant is on: it bounds the categories its keys may call and its tenant-wide limit. null: none.
       */
      plan_id?: string | null;
      name?: string;
      /**
       * @description A reseller resells to customers of its own (the reseller API); a direct account calls for itself.
       * @enum {string}
       */
      kind?: 'reseller' | 'direct';
      /**
       * @description A suspended tenant's keys get 403 tenant_suspended at once, on every process.
       * @enum {string}
       */
      status?: 'active' | 'suspended';
      /** @description Requests per window across all the tenant's keys and slugs; null for no tenant-wide cap. */
      rate_limit_per_window?: number | null;
    };
    CreateApiKeyRequest: {
      /** @description A label for the key owner's own use. */
      name?: string;
      /**
       * Format: date-time
       * @description ISO 8601 instant after which the key stops working (401 expired_api_key).
       */
      expires_at?: string;
      /** @description Per-slug requests per window for this key: the operator's override of the endpoint and catalog limits (a tenant's own limits on the key stay below it). */
      rate_limit_per_window?: number;
    };
    CreatePlanRequest: {
      name: string;
      description?: string;
      /**
       * @description USD per month. From 0 to 9007.199254740991.
       * @example 49
       */
      monthly_fee_usd: components['schemas']['UsdAmount'];
      /**
       * @description Discount on the catalog's resale prices, in basis points.
       * @default 0
       */
      resale_discount_bps?: number;
      /** @description Ceiling of the tenant-wide request limit. */
      request_limit_per_window?: number | null;
      /**
       * @description Default monthly spend cap of a new budget, in USD; null or absent: none. From 0 to 9007.199254740991.
       * @example 100
       */
      default_monthly_spend_cap_usd?: components['schemas']['UsdAmount'] | null;
      /** @description Categories the plan includes; empty or absent: all. */
      allowed_categories?: ('text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra')[];
      /** @default true */
      public?: boolean;
      /**
       * @description The plan a self-service sign-up that names none starts on (public or not). At most one plan: true here takes the flag from the plan that had it; false leaves sign-ups without a default (no plan).
       * @default false
       */
      default_for_signups?: boolean;
    };
    PlanPage: {
      data: components['schemas']['PlanView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    UpdatePlanRequest: {
      name?: string;
      description?: string;
      /**
       * @description USD per month. From 0 to 9007.199254740991.
       * @example 49
       */
      monthly_fee_usd?: components['schemas']['UsdAmount'];
      resale_discount_bps?: number;
      request_limit_per_window?: number | null;
      /**
       * @description Default monthly spend cap of a new budget, in USD; null: none. From 0 to 9007.199254740991.
       * @example 100
       */
      default_monthly_spend_cap_usd?: components['schemas']['UsdAmount'] | null;
      allowed_categories?: ('text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra')[];
      public?: boolean;
      /** @description The plan a self-service sign-up that names none starts on (public or not). At most one plan: true here takes the flag from the plan that had it; false leaves sign-ups without a default (no plan). */
      default_for_signups?: boolean;
    };
    MeterPriceView: {
      meter: components['schemas']['Meter'];
      /**
       * @description What one unit of the meter is.
       * @example 1k input tokens
       */
      unit_label: string;
      /** @description USD per the meter's unit that the upstream costs. */
      wholesale_usd_per_unit: components['schemas']['UsdAmount'];
      /** @description USD per the meter's unit that tenants pay (before their plan discount). */
      resale_usd_per_unit: components['schemas']['UsdAmount'];
    };
    ModelView: {
      name: string;
      /** @description The price per meter. */
      prices: components['schemas']['MeterPriceView'][];
      /** @description USD per billing unit that the upstream costs for this model; null: priced in other meters (see prices). */
      wholesale_usd_per_unit: components['schemas']['UsdAmount'] | null;
      /** @description USD per billing unit that tenants pay for this model (before their plan discount); null: priced in other meters. */
      resale_usd_per_unit: components['schemas']['UsdAmount'] | null;
      /** @description The model's output limit in tokens (held by budgets for a call without max_tokens); null: the endpoint's. */
      max_output_tokens: number | null;
    };
    /** @enum {string} */
    ProviderKind: 'http' | 'simulator' | 'openai' | 'anthropic' | 'gemini';
    UsageMappingEntryView: {
      meter: components['schemas']['Meter'];
      /** @description Where the quantity is in the answer. */
      from:
        | {
            /** @example /usage/seconds */
            pointer: string;
          }
        | {
            /** @example x-usage-seconds */
            header: string;
          };
      /**
       * @description What the number found counts, converted to the meter's base measure: milliseconds, seconds, minutes or hours for `minutes` (kept in ms); tokens, or characters (4 to a token) for token meters; the measure itself for the others. Only time units may be decimal (12.5 seconds = 12,500 ms); a fraction of the base measure after conversion rounds up.
       * @enum {string}
       */
      unit:
        | 'milliseconds'
        | 'seconds'
        | 'minutes'
        | 'hours'
        | 'tokens'
        | 'characters'
        | 'images'
        | 'generations'
        | 'records'
        | 'verifications'
        | 'transactions'
        | 'calls';
      /** @description Missing or invalid → the meter is estimated and usage_source is `estimated`. Not required and missing → the meter is not reported (present but invalid is still estimated). */
      required: boolean;
    };
    UpstreamView: {
      /** Format: uuid */
      id: string;
      name: string;
      kind: components['schemas']['ProviderKind'];
      base_url: string | null;
      path: string;
      timeout_ms: number;
      auth_header: string | null;
      auth_scheme: string | null;
      auth_secret_env: string | null;
      max_response_bytes: number | null;
      deadline_ms: number | null;
      model: string | null;
      serves_model: string | null;
      /** @description http upstreams: where each meter's quantity is in the answer; null: `usage.quantity` in the slug's unit. */
      usage_mapping: components['schemas']['UsageMappingEntryView'][] | null;
      enabled: boolean;
      /** @description Whether calls are sent to it: enabled, and its auth_secret_env variable set on the gateway (an upstream whose secret is missing is skipped). */
      usable: boolean;
    };
    CatalogEntryView: {
      /** @example text.generate */
      slug: string;
      category: components['schemas']['Category'];
      billing_unit: components['schemas']['BillingUnit'];
      /** @example 1k tokens */
      billing_unit_label: string;
      description: string;
      /** @description The price per meter of a call on an endpoint without models. */
      prices: components['schemas']['MeterPriceView'][];
      /**
       * @description USD per billing unit that the upstream costs; null: priced in other meters (see prices).
       * @example 0.001
       */
      wholesale_usd_per_unit: components['schemas']['UsdAmount'] | null;
      /**
       * @description USD per billing unit that tenants pay (before their plan discount); null: priced in other meters.
       * @example 0.0015
       */
      resale_usd_per_unit: components['schemas']['UsdAmount'] | null;
      /** @description The operator's cap on one call's usage; null: the billing unit's default. */
      max_quantity_per_call: number | null;
      /** @description The cap in force: the operator's, else the billing unit's default. */
      effective_max_quantity_per_call: number;
      /** @description Token endpoints: the most output tokens one call can produce, as the operator declared it; a budget holds it for a call without max_tokens. null: none declared (the quantity cap is held). */
      max_output_tokens: number | null;
      models: components['schemas']['ModelView'][];
      default_rate_limit: number;
      /** @description The operator's per-endpoint limit (per key per window); null: default_rate_limit applies. */
      endpoint_rate_limit: number | null;
      declared_latency_ms: number;
      streamable: boolean;
      enabled: boolean;
      /** @description In fallback order. */
      upstreams: components['schemas']['UpstreamView'][];
    };
    CatalogListView: {
      /** @description Every endpoint, by slug. */
      data: components['schemas']['CatalogEntryView'][];
    };
    EndpointLatencyView: {
      /** @example text.generate */
      slug: string;
      /** @description What the catalog publishes. */
      declared_latency_ms: number;
      /** @description Median of the answered calls of the last 7 UTC days (from the daily latency histograms); null: none. */
      measured_p50_ms: number | null;
      /** @description 95th percentile of the same calls. */
      measured_p95_ms: number | null;
      /** @description How many answered calls the figures are taken from (the last 7 UTC days). */
      sample_calls: number;
    };
    EndpointLatencyListView: {
      /** @description Every endpoint, by slug. */
      data: components['schemas']['EndpointLatencyView'][];
    };
    MeterPriceRequest: {
      meter: components['schemas']['Meter'];
      /**
       * @description USD per the meter's unit (1k tokens, a minute, 1k characters, an image, a call) that the upstream costs. From 0 to 9007.199254740991.
       * @example 0.00002
       */
      wholesale_usd_per_unit: components['schemas']['UsdAmount'];
      /**
       * @description USD per the meter's unit that tenants pay (before their plan discount). From 0 to 9007.199254740991.
       * @example 0.00002
       */
      resale_usd_per_unit: components['schemas']['UsdAmount'];
    };
    UsageMappingEntryRequest: {
      meter: components['schemas']['Meter'];
      /** @description Where the quantity is in the answer. */
      from:
        | {
            /** @example /usage/seconds */
            pointer: string;
          }
        | {
            /** @example x-usage-seconds */
            header: string;
          };
      /**
       * @description What the number found counts, converted to the meter's base measure: milliseconds, seconds, minutes or hours for `minutes` (kept in ms); tokens, or characters (4 to a token) for token meters; the measure itself for the others. Only time units may be decimal (12.5 seconds = 12,500 ms); a fraction of the base measure after conversion rounds up. Absent: the meter's base measure.
       * @enum {string}
       */
      unit?:
        | 'milliseconds'
        | 'seconds'
        | 'minutes'
        | 'hours'
        | 'tokens'
        | 'characters'
        | 'images'
        | 'generations'
        | 'records'
        | 'verifications'
        | 'transactions'
        | 'calls';
      /**
       * @description Missing or invalid → the meter is estimated and usage_source is `estimated`. Not required and missing → the meter is not reported (present but invalid is still estimated).
       * @default true
       */
      required?: boolean;
    };
    UpstreamRequest: {
      name: string;
      kind: components['schemas']['ProviderKind'];
      /**
       * Format: uri
       * @description Required unless kind is simulator.
       */
      base_url?: string;
      /** @description Appended to base_url; empty or starting with /. */
      path?: string;
      /**
       * @description Longest wait for the headers, and between body chunks.
       * @default 30000
       */
      timeout_ms?: number;
      /** @description The header that carries the provider secret, e.g. Authorization or X-Api-Key. */
      auth_header?: string;
      /** @description Put before the secret in that header, e.g. "Bearer ". */
      auth_scheme?: string;
      /** @description The environment variable that holds the secret (UPSTREAM_SECRET_… only); the secret itself is never stored. */
      auth_secret_env?: string;
      /** @description Largest whole answer in bytes; absent: UPSTREAM_MAX_RESPONSE_BYTES. */
      max_response_bytes?: number | null;
      /** @description Connect to last byte of a whole answer, in ms; absent: UPSTREAM_DEADLINE_MS. */
      deadline_ms?: number | null;
      /** @description The upstream-side model sent to an openai, anthropic or gemini upstream (fixed by the operator, never by the caller). */
      model?: string;
      /** @description The endpoint model this upstream serves (one of the endpoint's models); absent: every model. */
      serves_model?: string;
      /** @description http upstreams: where each meter's quantity is in the answer (a JSON pointer or a response header), in what unit, and whether it must be there. Each meter at most once; at least one entry required. Absent or null: `usage.quantity` (or `usage.total_tokens`) of the answer, in the slug's unit. */
      usage_mapping?: components['schemas']['UsageMappingEntryRequest'][] | null;
      /** @default true */
      enabled?: boolean;
    };
    ModelRequest: {
      /** @description What the caller sends as `model`. */
      name: string;
      /** @description The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
      prices?: components['schemas']['MeterPriceRequest'][];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      wholesale_usd_per_unit?: components['schemas']['UsdAmount'];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      resale_usd_per_unit?: components['schemas']['UsdAmount'];
      /** @description The most output tokens one call of this model can produce (its upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: the endpoint's. */
      max_output_tokens?: number;
    };
    CreateCatalogEntryRequest: {
      /** @description `<category>.<operation>`; the category decides the billing unit. */
      slug: string;
      description?: string;
      /** @description The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
      prices?: components['schemas']['MeterPriceRequest'][];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      wholesale_usd_per_unit?: components['schemas']['UsdAmount'];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      resale_usd_per_unit?: components['schemas']['UsdAmount'];
      /** @description Sanity cap on one call's usage (base measure); absent: the billing unit's default. */
      max_quantity_per_call?: number;
      /** @description Token endpoints: the most output tokens one call can produce (the upstream's limit): what a budget holds for the output of a call that sends no max_tokens; absent: none declared (the quantity cap is held). */
      max_output_tokens?: number;
      /** @description Requests per key per window unless the operator or the key says otherwise. */
      default_rate_limit: number;
      /** @default 0 */
      declared_latency_ms?: number;
      /** @default false */
      streamable?: boolean;
      /** @description In fallback order. */
      upstreams: components['schemas']['UpstreamRequest'][];
      /** @description Models a caller may choose, each at its own price; the first is the default. Omit for one price. */
      models?: components['schemas']['ModelRequest'][];
    };
    UpdateCatalogEntryRequest: {
      description?: string;
      /** @description The price per meter (at least one, each meter once; a text price is `tokens` alone, or split with both `input_tokens` and `output_tokens`). Instead of wholesale_usd_per_unit and resale_usd_per_unit. */
      prices?: components['schemas']['MeterPriceRequest'][];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      wholesale_usd_per_unit?: components['schemas']['UsdAmount'];
      /**
       * @description USD per billing unit: $0.02 per 1M tokens is "0.00002" per 1k tokens. The shorthand of a price in the slug's billing unit alone; send either both of these or "prices". From 0 to 9007.199254740991.
       * @example 0.00002
       */
      resale_usd_per_unit?: components['schemas']['UsdAmount'];
      /** @description Sanity cap on one call's usage (base measure); null: the billing unit's default. */
      max_quantity_per_call?: number | null;
      /** @description Token endpoints: the most output tokens one call can produce (the upstream's limit), held by budgets for a call without max_tokens; null: none declared. */
      max_output_tokens?: number | null;
      default_rate_limit?: number;
      declared_latency_ms?: number;
      streamable?: boolean;
      /** @description A disabled endpoint answers 503 endpoint_disabled. */
      enabled?: boolean;
    };
    SetEndpointLimitRequest: {
      /** @description Requests per key per window on this endpoint; null removes the operator's limit. */
      requests_per_window: number | null;
    };
    ReplaceUpstreamsRequest: {
      /** @description The whole list, in fallback order. */
      upstreams: components['schemas']['UpstreamRequest'][];
    };
    ReplaceModelsRequest: {
      /** @description The whole list, in order (the first is the default); [] removes every model. */
      models: components['schemas']['ModelRequest'][];
    };
    ModelAliasView: {
      /**
       * @description What a caller of the OpenAI-compatible API sends as `model`.
       * @example gpt-4o-mini
       */
      alias: string;
      /**
       * @description The canonical model id it stands for.
       * @example text.generate/gpt-4o-mini
       */
      target: string;
      /** @description Whether the target names an endpoint of the catalog (and, with a model, one of its models) now; false: it disappeared since the alias was set, and calls naming the alias find no model. */
      target_exists: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    ModelAliasListView: {
      /** @description Every alias, by alias. */
      data: components['schemas']['ModelAliasView'][];
    };
    SetModelAliasRequest: {
      /**
       * @description A canonical model id: <slug>/<model> for one of the slug's models, or <slug> alone for its default price.
       * @example text.generate/gpt-4o-mini
       */
      target: string;
    };
    AuditRecordMeterView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items). */
      quantity: number;
      /** @description What this meter of the call cost the operator (wholesale). */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description What the tenant owes the operator for this meter (resale). */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description What the caller was billed for this meter: the call's `meters[].billed_usd`. */
      billed_usd: components['schemas']['UsdAmount'];
    };
    AuditRecordView: {
      /**
       * Format: uuid
       * @description The X-Service-Request-Id of the call.
       */
      request_id: string;
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      tenant_id: string | null;
      /**
       * Format: uuid
       * @description The tenant's customer whose key called.
       */
      customer_id: string | null;
      /** Format: uuid */
      api_key_id: string | null;
      /** @description The slug called; null when none was found. */
      endpoint: string | null;
      /** Format: uuid */
      endpoint_id: string | null;
      /** @example POST */
      method: string;
      /** @description HTTP status; 499 when the client left before the answer. */
      status: number;
      error_code: string | null;
      latency_ms: number;
      client_ip: string | null;
      /** Format: uuid */
      upstream_id: string | null;
      providers_tried: number;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items). */
      quantity: number;
      /**
       * @description What the upstream cost the operator.
       * @example 0.001
       */
      wholesale_usd: components['schemas']['UsdAmount'];
      /**
       * @description What the tenant owes the operator: the catalog's resale price under its plan.
       * @example 0.0015
       */
      resale_usd: components['schemas']['UsdAmount'];
      /**
       * @description What the caller was billed (its `billed_usd`): the tenant's price for its customer, else the catalog's list price (a tenant's own key: the resale amount).
       * @example 0.002
       */
      customer_price_usd: components['schemas']['UsdAmount'];
      /**
       * @description Your margin on the call: what the tenant owes you minus what the upstream cost you (resale − wholesale; negative below cost).
       * @example 0.0005
       */
      operator_margin_usd: components['schemas']['UsdAmount'];
      /**
       * @description The tenant's margin on the call: what its caller was billed minus what it owes you (customer price − resale).
       * @example 0.0005
       */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
      meters: components['schemas']['AuditRecordMeterView'][];
      /** @enum {string|null} */
      usage_source: 'reported' | 'estimated' | 'capped' | null;
      /** @enum {string|null} */
      stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
      /**
       * @description The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).
       * @enum {string}
       */
      door: 'slug' | 'openai';
    };
    AuditRecordPage: {
      data: components['schemas']['AuditRecordView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    CallTenantView: {
      /** Format: uuid */
      id: string;
      /** @description Null when the tenant no longer exists. */
      name: string | null;
    };
    CallUpstreamView: {
      /** Format: uuid */
      id: string;
      name: string | null;
      /** @description The provider kind (openai, anthropic, http, …). */
      kind: string | null;
    };
    AuditCallView: {
      /**
       * Format: uuid
       * @description The X-Service-Request-Id of the call.
       */
      request_id: string;
      /** Format: date-time */
      created_at: string;
      /** Format: uuid */
      tenant_id: string | null;
      /**
       * Format: uuid
       * @description The tenant's customer whose key called.
       */
      customer_id: string | null;
      /** Format: uuid */
      api_key_id: string | null;
      /** @description The slug called; null when none was found. */
      endpoint: string | null;
      /** Format: uuid */
      endpoint_id: string | null;
      /** @example POST */
      method: string;
      /** @description HTTP status; 499 when the client left before the answer. */
      status: number;
      error_code: string | null;
      latency_ms: number;
      client_ip: string | null;
      /** Format: uuid */
      upstream_id: string | null;
      providers_tried: number;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items). */
      quantity: number;
      /**
       * @description What the upstream cost the operator.
       * @example 0.001
       */
      wholesale_usd: components['schemas']['UsdAmount'];
      /**
       * @description What the tenant owes the operator: the catalog's resale price under its plan.
       * @example 0.0015
       */
      resale_usd: components['schemas']['UsdAmount'];
      /**
       * @description What the caller was billed (its `billed_usd`): the tenant's price for its customer, else the catalog's list price (a tenant's own key: the resale amount).
       * @example 0.002
       */
      customer_price_usd: components['schemas']['UsdAmount'];
      /**
       * @description Your margin on the call: what the tenant owes you minus what the upstream cost you (resale − wholesale; negative below cost).
       * @example 0.0005
       */
      operator_margin_usd: components['schemas']['UsdAmount'];
      /**
       * @description The tenant's margin on the call: what its caller was billed minus what it owes you (customer price − resale).
       * @example 0.0005
       */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter. */
      meters: components['schemas']['AuditRecordMeterView'][];
      /** @enum {string|null} */
      usage_source: 'reported' | 'estimated' | 'capped' | null;
      /** @enum {string|null} */
      stream_outcome: 'completed' | 'aborted' | 'errored' | 'timed_out' | null;
      /**
       * @description The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).
       * @enum {string}
       */
      door: 'slug' | 'openai';
      tenant: components['schemas']['CallTenantView'] | null;
      /** @description The key that called; null for a call without a valid key. */
      key: components['schemas']['CallKeyView'] | null;
      /** @description The tenant's customer whose key called; null for a tenant's own keys. */
      customer: components['schemas']['CallCustomerView'] | null;
      /** @description What refused the call, beside `error_code`: for `budget_exceeded`, the error's own `details` (`budget_id`, `limit_source` (`key`, `customer`, `tenant`), `subject_id`, `period`, `cap_usd`, `spent_usd`, `held_usd`, `resets_at`); for `rate_limited`, the limit that was full (`limit`: `endpoint`, `key`, `customer_endpoint`, `customer` or `tenant`; its `quota` per window; `window_seconds`). Null for any other outcome, and for calls recorded before refusals were kept. */
      error_details: {
        [key: string]: unknown;
      } | null;
      /** @description The upstream that served the call (the last one tried); null when none did. `providers_tried` says how many were tried in fallback order; the trail keeps no more of the attempts. */
      upstream: components['schemas']['CallUpstreamView'] | null;
      /** @description The endpoint's billing unit; null when the call named no endpoint. */
      billing_unit: string | null;
      /**
       * Format: uuid
       * @description The key's budget the call held, if any.
       */
      key_budget_id: string | null;
      /**
       * Format: uuid
       * @description The customer's budget the call held, if any.
       */
      customer_budget_id: string | null;
      /**
       * Format: uuid
       * @description The tenant's budget the call held, if any.
       */
      tenant_budget_id: string | null;
    };
    RevenueMeterLineView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
      quantity: string;
      /** @description What the upstreams cost for this meter. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description What the tenants owe for this meter. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description What the callers were billed for this meter. */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale for this meter. */
      operator_margin_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale for this meter. */
      reseller_margin_usd: components['schemas']['UsdAmount'];
    };
    RevenueRowView: {
      /** @description The tenant id, slug or UTC day (YYYY-MM-DD); null for calls without one. */
      key: string | null;
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description Usage in the billing units' base measures (a decimal string). */
      quantity: string;
      /** @description What the upstreams cost. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description What the tenants owe (the catalog's resale prices under their plans). */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description What the callers were billed (the tenants' prices for their customers, else the catalog's list prices; own keys: resale). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale: the operator's margin. */
      operator_margin_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: the resellers' margin (negative where one prices below its cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The tenants' plan fees of the period (each prorated by the time its plan was held, as on the statements); null on the rows by slug and by day (a fee is no slug's or day's: see the totals). */
      plan_fee_usd: components['schemas']['UsdAmount'] | null;
      /** @description Usage revenue (resale) plus plan fees; null where plan_fee_usd is. */
      total_revenue_usd: components['schemas']['UsdAmount'] | null;
      /** @description By slug only (absent by tenant, by day and in the totals): the slug's usage per meter of its price (input and output tokens, images, …), in meter order. Their amounts sum to the row's exactly; each quantity is in its own meter's measure. */
      meters?: components['schemas']['RevenueMeterLineView'][];
    };
    RevenueReportView: {
      /** @enum {string} */
      group_by: 'tenant' | 'slug' | 'day';
      period: components['schemas']['ReportPeriodView'];
      data: components['schemas']['RevenueRowView'][];
      /** @description The sums of the whole period (key null), on every page: the sums of all its rows, with every tenant's plan fee (plan_fee_usd, never null here) and total_revenue_usd. */
      totals: components['schemas']['RevenueRowView'];
      /** @description By tenant: pass it as `cursor` for the next page; null on the last page, and for the whole reports by slug and day. */
      next_cursor: string | null;
    };
    OperatorStatementSumsView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description What the upstreams cost the operator. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale: the operator's margin. */
      operator_margin_usd: components['schemas']['UsdAmount'];
    };
    OperatorStatementSummaryView: {
      /**
       * Format: uuid
       * @description Null while the statement is open.
       */
      id: string | null;
      /** Format: uuid */
      tenant_id: string;
      /** Format: uuid */
      customer_id: string | null;
      /** @example 2026-10 */
      month: string;
      /**
       * @description `closed`: frozen. `open`: not closed yet, computed from usage as it is now: the month in progress, and a month that has ended but is not closed yet (it closes after a grace period).
       * @enum {string}
       */
      status: 'open' | 'closed';
      /** Format: date-time */
      closed_at: string | null;
      usage: components['schemas']['OperatorStatementSumsView'];
      adjustment_totals: components['schemas']['OperatorStatementSumsView'];
      totals: components['schemas']['OperatorStatementSumsView'];
      /** @description The plan fee of the month (while open, as it stands). */
      plan_fee_usd: components['schemas']['UsdAmount'];
      /** @description What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
      total_usd: components['schemas']['UsdAmount'];
    };
    OperatorStatementSummaryPage: {
      data: components['schemas']['OperatorStatementSummaryView'][];
      /** @description Pass it as `cursor` for the next page; null on the last page. */
      next_cursor: string | null;
    };
    OperatorStatementMeterLineView: {
      meter: components['schemas']['Meter'];
      /** @description Usage in the meter's base measure (tokens, milliseconds, characters, items), a decimal string. */
      quantity: string;
      /** @description What the callers were billed for this meter. */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator for this meter. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale for this meter. */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description What the upstreams cost the operator. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale: the operator's margin. */
      operator_margin_usd: components['schemas']['UsdAmount'];
    };
    OperatorStatementLineView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
      slug: string | null;
      /** @enum {string|null} */
      category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
      /** @enum {string|null} */
      billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
      quantity: string;
      /** @description The line's usage per meter of its price (input and output tokens, images, …), in meter order: their amounts sum to the line's exactly; each quantity is in its own meter's measure. Empty for calls that billed nothing. Null on a statement closed before meter lines were kept (its lines are per slug only, and stay so). */
      meters: components['schemas']['OperatorStatementMeterLineView'][] | null;
      /** @description What the upstreams cost the operator. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale: the operator's margin. */
      operator_margin_usd: components['schemas']['UsdAmount'];
    };
    OperatorStatementAdjustmentView: {
      calls: number;
      /** @description Calls answered with a status of 400 or more. */
      errors: number;
      /** @description What the callers were billed: your prices for your customers, else the catalog's list prices (your own keys: your resale price). */
      customer_price_usd: components['schemas']['UsdAmount'];
      /** @description What you owe the operator: the catalog's resale prices under your plan. */
      resale_usd: components['schemas']['UsdAmount'];
      /** @description Customer price minus resale: your margin (negative where you price below your cost). */
      reseller_margin_usd: components['schemas']['UsdAmount'];
      /** @description The slug as it was when the statement was written; null for calls that named no endpoint (never billed). */
      slug: string | null;
      /** @enum {string|null} */
      category: 'text' | 'vision' | 'voice' | 'media' | 'data' | 'id' | 'pay' | 'infra' | null;
      /** @enum {string|null} */
      billing_unit: 'tokens_1k' | 'image' | 'minute' | 'generation' | 'record' | 'verification' | 'transaction' | 'call' | null;
      /** @description Usage in the billing unit's base measure (tokens, milliseconds, items), a decimal string. */
      quantity: string;
      /**
       * @description The closed month it corrects (YYYY-MM).
       * @example 2026-10
       */
      corrects_month: string;
      /**
       * Format: date-time
       * @description When reconciliation found it.
       */
      found_at: string;
      /** @description What the upstreams cost the operator. */
      wholesale_usd: components['schemas']['UsdAmount'];
      /** @description Resale minus wholesale: the operator's margin. */
      operator_margin_usd: components['schemas']['UsdAmount'];
    };
    OperatorStatementView: {
      /**
       * Format: uuid
       * @description Null while the statement is open.
       */
      id: string | null;
      /** Format: uuid */
      tenant_id: string;
      /**
       * Format: uuid
       * @description Null: the tenant's statement (every customer and its own keys).
       */
      customer_id: string | null;
      /** @example 2026-10 */
      month: string;
      /**
       * @description `closed`: frozen, never changes again. `open`: the month is not closed yet; computed from usage as it is now.
       * @enum {string}
       */
      status: 'open' | 'closed';
      period: components['schemas']['ReportPeriodView'];
      /** Format: date-time */
      closed_at: string | null;
      lines: components['schemas']['OperatorStatementLineView'][];
      usage: components['schemas']['OperatorStatementSumsView'];
      adjustments: components['schemas']['OperatorStatementAdjustmentView'][];
      adjustment_totals: components['schemas']['OperatorStatementSumsView'];
      totals: components['schemas']['OperatorStatementSumsView'];
      /** @description The plan fee of the month, one line per paid plan held (empty on a customer's statement: the fee is the tenant's). */
      plan_fees: components['schemas']['PlanFeeLineView'][];
      /** @description The sum of the plan fee lines. */
      plan_fee_usd: components['schemas']['UsdAmount'];
      /** @description What the tenant owes the operator for the month: the totals' resale plus the plan fee. */
      total_usd: components['schemas']['UsdAmount'];
    };
    CreateOperatorRequest: {
      /**
       * Format: email
       * @description Stored trimmed and lower-cased.
       */
      email: string;
      /**
       * Format: password
       * @description 10 to 256 characters, any (spaces and Unicode included; compared after NFKC normalisation).
       */
      password: string;
      name: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description The request id (also `request_id` in error bodies and the audit record). */
    'X-Service-Request-Id': string;
    /** @description Requests allowed per window in the most constrained bucket. */
    'X-RateLimit-Limit': number;
    /** @description Requests left in that bucket. */
    'X-RateLimit-Remaining': number;
    /** @description When that bucket refills (ISO 8601, UTC). */
    'X-RateLimit-Reset': string;
    /** @description IETF RateLimit structured field, one item per limit: `"name";r=<remaining>;t=<seconds>`. */
    RateLimit: string;
    /** @description IETF RateLimit-Policy structured field: `"name";q=<quota>;w=<window seconds>`. */
    'RateLimit-Policy': string;
    /** @description Seconds to wait before retrying (on 429). */
    'Retry-After': number;
  };
  pathItems: never;
}
export type UsdAmount = components['schemas']['UsdAmount'];
export type Category = components['schemas']['Category'];
export type BillingUnit = components['schemas']['BillingUnit'];
export type Meter = components['schemas']['Meter'];
export type PublicMeterPriceView = components['schemas']['PublicMeterPriceView'];
export type PublicModelView = components['schemas']['PublicModelView'];
export type PublicEndpointView = components['schemas']['PublicEndpointView'];
export type PublicCatalogView = components['schemas']['PublicCatalogView'];
export type PlanView = components['schemas']['PlanView'];
export type PublicPlansView = components['schemas']['PublicPlansView'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorDetail = components['schemas']['ErrorDetail'];
export type ErrorBody = components['schemas']['ErrorBody'];
export type CallMeterUsage = components['schemas']['CallMeterUsage'];
export type CallUsage = components['schemas']['CallUsage'];
export type CallResponseEnvelope = components['schemas']['CallResponseEnvelope'];
export type OpenAiErrorDetail = components['schemas']['OpenAiErrorDetail'];
export type OpenAiErrorEnvelope = components['schemas']['OpenAiErrorEnvelope'];
export type ActivityActorKind = components['schemas']['ActivityActorKind'];
export type ActivityEntryView = components['schemas']['ActivityEntryView'];
export type ActivityEntryPage = components['schemas']['ActivityEntryPage'];
export type TenantStatus = components['schemas']['TenantStatus'];
export type TenantKind = components['schemas']['TenantKind'];
export type TenantView = components['schemas']['TenantView'];
export type ScheduledPlanChangeView = components['schemas']['ScheduledPlanChangeView'];
export type CallHoldView = components['schemas']['CallHoldView'];
export type BudgetView = components['schemas']['BudgetView'];
export type MeView = components['schemas']['MeView'];
export type ChoosePlanRequest = components['schemas']['ChoosePlanRequest'];
export type CreateCustomerRequest = components['schemas']['CreateCustomerRequest'];
export type CustomerStatus = components['schemas']['CustomerStatus'];
export type CustomerView = components['schemas']['CustomerView'];
export type CustomerPage = components['schemas']['CustomerPage'];
export type UpdateCustomerRequest = components['schemas']['UpdateCustomerRequest'];
export type CreateResellerKeyRequest = components['schemas']['CreateResellerKeyRequest'];
export type ApiKeyStatus = components['schemas']['ApiKeyStatus'];
export type CreatedApiKeyView = components['schemas']['CreatedApiKeyView'];
export type ApiKeyView = components['schemas']['ApiKeyView'];
export type ApiKeyPage = components['schemas']['ApiKeyPage'];
export type LimitSettingView = components['schemas']['LimitSettingView'];
export type EffectiveRateLimitView = components['schemas']['EffectiveRateLimitView'];
export type EndpointLimitsView = components['schemas']['EndpointLimitsView'];
export type EffectiveBudgetView = components['schemas']['EffectiveBudgetView'];
export type PlanLimitsView = components['schemas']['PlanLimitsView'];
export type EffectiveLimitsView = components['schemas']['EffectiveLimitsView'];
export type KeyUsageDayView = components['schemas']['KeyUsageDayView'];
export type KeyUsageView = components['schemas']['KeyUsageView'];
export type UpdateResellerKeyRequest = components['schemas']['UpdateResellerKeyRequest'];
export type RotateResellerKeyRequest = components['schemas']['RotateResellerKeyRequest'];
export type RotatedApiKeyView = components['schemas']['RotatedApiKeyView'];
export type LimitsBody = components['schemas']['LimitsBody'];
export type SlugLimitRequest = components['schemas']['SlugLimitRequest'];
export type BudgetRequest = components['schemas']['BudgetRequest'];
export type PriceView = components['schemas']['PriceView'];
export type PriceListView = components['schemas']['PriceListView'];
export type SetPriceRequest = components['schemas']['SetPriceRequest'];
export type MarkupView = components['schemas']['MarkupView'];
export type MarkupListView = components['schemas']['MarkupListView'];
export type SetMarkupRequest = components['schemas']['SetMarkupRequest'];
export type ResellerAuditRecordMeterView = components['schemas']['ResellerAuditRecordMeterView'];
export type ResellerAuditRecordView = components['schemas']['ResellerAuditRecordView'];
export type ResellerAuditRecordPage = components['schemas']['ResellerAuditRecordPage'];
export type CallKeyView = components['schemas']['CallKeyView'];
export type CallCustomerView = components['schemas']['CallCustomerView'];
export type ResellerAuditCallView = components['schemas']['ResellerAuditCallView'];
export type ReportPeriodView = components['schemas']['ReportPeriodView'];
export type UsageMeterLineView = components['schemas']['UsageMeterLineView'];
export type UsageRowView = components['schemas']['UsageRowView'];
export type UsageReportView = components['schemas']['UsageReportView'];
export type StatementSumsView = components['schemas']['StatementSumsView'];
export type StatementSummaryView = components['schemas']['StatementSummaryView'];
export type StatementSummaryPage = components['schemas']['StatementSummaryPage'];
export type StatementMeterLineView = components['schemas']['StatementMeterLineView'];
export type StatementLineView = components['schemas']['StatementLineView'];
export type StatementAdjustmentView = components['schemas']['StatementAdjustmentView'];
export type PlanFeeLineView = components['schemas']['PlanFeeLineView'];
export type StatementView = components['schemas']['StatementView'];
export type WebhookEventType = components['schemas']['WebhookEventType'];
export type CreateWebhookEndpointRequest = components['schemas']['CreateWebhookEndpointRequest'];
export type WebhookEndpointStatus = components['schemas']['WebhookEndpointStatus'];
export type WebhookEndpointWithSecretView = components['schemas']['WebhookEndpointWithSecretView'];
export type WebhookEndpointView = components['schemas']['WebhookEndpointView'];
export type WebhookEndpointPage = components['schemas']['WebhookEndpointPage'];
export type UpdateWebhookEndpointRequest = components['schemas']['UpdateWebhookEndpointRequest'];
export type RotateWebhookSecretRequest = components['schemas']['RotateWebhookSecretRequest'];
export type WebhookDeliveryState = components['schemas']['WebhookDeliveryState'];
export type WebhookDeliveryView = components['schemas']['WebhookDeliveryView'];
export type WebhookDeliveryPage = components['schemas']['WebhookDeliveryPage'];
export type WebhookAttemptView = components['schemas']['WebhookAttemptView'];
export type WebhookDeliveryDetailView = components['schemas']['WebhookDeliveryDetailView'];
export type CreateManagementKeyRequest = components['schemas']['CreateManagementKeyRequest'];
export type CreatedManagementKeyView = components['schemas']['CreatedManagementKeyView'];
export type ManagementKeyView = components['schemas']['ManagementKeyView'];
export type ManagementKeyPage = components['schemas']['ManagementKeyPage'];
export type SignUpRequest = components['schemas']['SignUpRequest'];
export type UserRole = components['schemas']['UserRole'];
export type UserView = components['schemas']['UserView'];
export type SessionView = components['schemas']['SessionView'];
export type SignInRequest = components['schemas']['SignInRequest'];
export type ChangePasswordRequest = components['schemas']['ChangePasswordRequest'];
export type UserPage = components['schemas']['UserPage'];
export type InviteUserRequest = components['schemas']['InviteUserRequest'];
export type InvitationView = components['schemas']['InvitationView'];
export type InvitationCreatedView = components['schemas']['InvitationCreatedView'];
export type ChangeRoleRequest = components['schemas']['ChangeRoleRequest'];
export type PasswordResetCreatedView = components['schemas']['PasswordResetCreatedView'];
export type InvitationPage = components['schemas']['InvitationPage'];
export type InspectInvitationRequest = components['schemas']['InspectInvitationRequest'];
export type InvitationPreviewView = components['schemas']['InvitationPreviewView'];
export type AcceptInvitationRequest = components['schemas']['AcceptInvitationRequest'];
export type InspectPasswordResetRequest = components['schemas']['InspectPasswordResetRequest'];
export type PasswordResetPreviewView = components['schemas']['PasswordResetPreviewView'];
export type UsePasswordResetRequest = components['schemas']['UsePasswordResetRequest'];
export type SetupStatusView = components['schemas']['SetupStatusView'];
export type CreateFirstOperatorRequest = components['schemas']['CreateFirstOperatorRequest'];
export type CreateTenantRequest = components['schemas']['CreateTenantRequest'];
export type TenantPage = components['schemas']['TenantPage'];
export type UpdateTenantRequest = components['schemas']['UpdateTenantRequest'];
export type CreateApiKeyRequest = components['schemas']['CreateApiKeyRequest'];
export type CreatePlanRequest = components['schemas']['CreatePlanRequest'];
export type PlanPage = components['schemas']['PlanPage'];
export type UpdatePlanRequest = components['schemas']['UpdatePlanRequest'];
export type MeterPriceView = components['schemas']['MeterPriceView'];
export type ModelView = components['schemas']['ModelView'];
export type ProviderKind = components['schemas']['ProviderKind'];
export type UsageMappingEntryView = components['schemas']['UsageMappingEntryView'];
export type UpstreamView = components['schemas']['UpstreamView'];
export type CatalogEntryView = components['schemas']['CatalogEntryView'];
export type CatalogListView = components['schemas']['CatalogListView'];
export type EndpointLatencyView = components['schemas']['EndpointLatencyView'];
export type EndpointLatencyListView = components['schemas']['EndpointLatencyListView'];
export type MeterPriceRequest = components['schemas']['MeterPriceRequest'];
export type UsageMappingEntryRequest = components['schemas']['UsageMappingEntryRequest'];
export type UpstreamRequest = components['schemas']['UpstreamRequest'];
export type ModelRequest = components['schemas']['ModelRequest'];
export type CreateCatalogEntryRequest = components['schemas']['CreateCatalogEntryRequest'];
export type UpdateCatalogEntryRequest = components['schemas']['UpdateCatalogEntryRequest'];
export type SetEndpointLimitRequest = components['schemas']['SetEndpointLimitRequest'];
export type ReplaceUpstreamsRequest = components['schemas']['ReplaceUpstreamsRequest'];
export type ReplaceModelsRequest = components['schemas']['ReplaceModelsRequest'];
export type ModelAliasView = components['schemas']['ModelAliasView'];
export type ModelAliasListView = components['schemas']['ModelAliasListView'];
export type SetModelAliasRequest = components['schemas']['SetModelAliasRequest'];
export type AuditRecordMeterView = components['schemas']['AuditRecordMeterView'];
export type AuditRecordView = components['schemas']['AuditRecordView'];
export type AuditRecordPage = components['schemas']['AuditRecordPage'];
export type CallTenantView = components['schemas']['CallTenantView'];
export type CallUpstreamView = components['schemas']['CallUpstreamView'];
export type AuditCallView = components['schemas']['AuditCallView'];
export type RevenueMeterLineView = components['schemas']['RevenueMeterLineView'];
export type RevenueRowView = components['schemas']['RevenueRowView'];
export type RevenueReportView = components['schemas']['RevenueReportView'];
export type OperatorStatementSumsView = components['schemas']['OperatorStatementSumsView'];
export type OperatorStatementSummaryView = components['schemas']['OperatorStatementSummaryView'];
export type OperatorStatementSummaryPage = components['schemas']['OperatorStatementSummaryPage'];
export type OperatorStatementMeterLineView = components['schemas']['OperatorStatementMeterLineView'];
export type OperatorStatementLineView = components['schemas']['OperatorStatementLineView'];
export type OperatorStatementAdjustmentView = components['schemas']['OperatorStatementAdjustmentView'];
export type OperatorStatementView = components['schemas']['OperatorStatementView'];
export type CreateOperatorRequest = components['schemas']['CreateOperatorRequest'];
export type HeaderXServiceRequestId = components['headers']['X-Service-Request-Id'];
export type HeaderXRateLimitLimit = components['headers']['X-RateLimit-Limit'];
export type HeaderXRateLimitRemaining = components['headers']['X-RateLimit-Remaining'];
export type HeaderXRateLimitReset = components['headers']['X-RateLimit-Reset'];
export type HeaderRateLimit = components['headers']['RateLimit'];
export type HeaderRateLimitPolicy = components['headers']['RateLimit-Policy'];
export type HeaderRetryAfter = components['headers']['Retry-After'];
export type $defs = Record<string, never>;
export interface operations {
  HealthController_live: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  HealthController_ready: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  PublicCatalogController_endpoints: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of a copy you hold: 304 if it is current. */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicCatalogView'];
        };
      };
      /** @description Your copy is current. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  PublicCatalogController_plans: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of a copy you hold: 304 if it is current. */
        'If-None-Match'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicPlansView'];
        };
      };
      /** @description Your copy is current. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  GatewayController_get: {
    parameters: {
      query?: {
        /** @description Any query parameters; a repeated one becomes an array. */
        input?: {
          [key: string]: unknown;
        };
      };
      header?: never;
      path: {
        /** @description Catalog endpoint, `<category>.<operation>`. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The call succeeded: the JSON envelope, or (`stream: true` on a streamable slug) a Server-Sent Events stream. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallResponseEnvelope'];
          /**
           * @example data: {"id":"req_0b8e6f4a-...","delta":"Once"}
           *
           *     data: {"id":"req_0b8e6f4a-...","done":true,"usage":{"calls":1,"cost_usd":0.000123}}
           *
           *     data: [DONE]
           */
          'text/event-stream': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_rejected`. */
      422: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_timeout`, `stream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  GatewayController_post: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Catalog endpoint, `<category>.<operation>`. */
        slug: string;
      };
      cookie?: never;
    };
    /** @description The slug's fields; an empty body counts as `{}`. */
    requestBody?: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The call succeeded: the JSON envelope, or (`stream: true` on a streamable slug) a Server-Sent Events stream. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CallResponseEnvelope'];
          /**
           * @example data: {"id":"req_0b8e6f4a-...","delta":"Once"}
           *
           *     data: {"id":"req_0b8e6f4a-...","done":true,"usage":{"calls":1,"cost_usd":0.000123}}
           *
           *     data: [DONE]
           */
          'text/event-stream': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_rejected`. */
      422: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `upstream_timeout`, `stream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  GatewayController_head: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Catalog endpoint, `<category>.<operation>`. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Codes: `method_not_allowed`. */
      405: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  OpenAiDoorController_listModels: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  OpenAiDoorController_getModel: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  OpenAiDoorController_chatCompletions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description OpenAI’s request for this route, `model` naming a catalog model. */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description OpenAI’s chat completion with `usage.cost`; with `stream: true`, an SSE stream of `chat.completion.chunk` events ending `data: [DONE]`. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `context_length_exceeded`, `content_policy_violation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `budget_exceeded`. */
      402: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `tenant_suspended`, `customer_suspended`, `endpoint_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `model_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
    };
  };
  OpenAiDoorController_embeddings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description OpenAI’s request for this route, `model` naming a catalog model. */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description OpenAI’s embedding list (float or base64 vectors) with `usage.cost`. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `context_length_exceeded`, `content_policy_violation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `budget_exceeded`. */
      402: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `tenant_suspended`, `customer_suspended`, `endpoint_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `model_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
    };
  };
  OpenAiDoorController_imageGenerations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description OpenAI’s request for this route, `model` naming a catalog model. */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description OpenAI’s ImagesResponse with `usage.cost`. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `context_length_exceeded`, `content_policy_violation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `budget_exceeded`. */
      402: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `tenant_suspended`, `customer_suspended`, `endpoint_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `model_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
    };
  };
  OpenAiDoorController_speech: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description OpenAI’s request for this route, `model` naming a catalog model. */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The audio (Content-Type audio/mpeg, audio/opus, audio/aac, audio/flac, audio/wav or audio/pcm). */
      200: {
        headers: {
          /** @description What the caller pays for this call, in USD (an exact decimal string); sent where the answer is not JSON. */
          'X-Call-Cost-Usd'?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `context_length_exceeded`, `content_policy_violation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `budget_exceeded`. */
      402: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `tenant_suspended`, `customer_suspended`, `endpoint_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `model_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
    };
  };
  OpenAiDoorController_transcriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description OpenAI’s request for this route, `model` naming a catalog model. */
    requestBody: {
      content: {
        'multipart/form-data': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The transcription (JSON; text/plain for response_format text). */
      200: {
        headers: {
          /** @description What the caller pays for this call, in USD (an exact decimal string); sent where the answer is not JSON. */
          'X-Call-Cost-Usd'?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `context_length_exceeded`, `content_policy_violation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `missing_api_key`, `malformed_api_key`, `invalid_api_key`, `revoked_api_key`, `expired_api_key`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `budget_exceeded`. */
      402: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `tenant_suspended`, `customer_suspended`, `endpoint_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `model_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `payload_too_large`. */
      413: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `unsupported_media_type`. */
      415: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `rate_limited`, `too_many_streams`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_unavailable`. */
      502: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `endpoint_disabled`, `service_unavailable`. */
      503: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
      /** @description Codes: `upstream_timeout`. */
      504: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          RateLimit: components['headers']['RateLimit'];
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorEnvelope'];
        };
      };
    };
  };
  ResellerActivityController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Changes by one user or management key. */
        actor_id?: string;
        actor_kind?: 'operator_user' | 'admin_token' | 'tenant_user' | 'management_key';
        entity_type?: 'price' | 'markup' | 'limit' | 'budget' | 'plan' | 'tenant' | 'catalog_price';
        /** @description The entity id as the entries name it. */
        entity_id?: string;
        action?: string;
        /** @description Changes at or after this instant. */
        from?: string;
        /** @description Changes before this instant. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityEntryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMeController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMeController_choosePlan: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChoosePlanRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`, `plan_change_not_allowed`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMeController_cancelScheduledPlanChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MeView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Search as you type: the customers whose name starts with this, ignoring case, and the one whose external_id is exactly this. Combined with the other filters (AND), paged like the whole list. */
        q?: string;
        /** @description The customer with this external_id (at most one). */
        external_id?: string;
        status?: 'active' | 'suspended';
        /** @description Only the rows with these ids: a comma-separated list of at most 100 UUIDs, combined with the other filters (AND) and paged like the whole list. The id of a deleted customer, of another tenant's customer, or an unknown id is simply absent from the page: never a 404, and never a sign that it exists. An empty item, a malformed id or more than 100 ids is a 400. */
        ids?: string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateCustomerRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_delete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateCustomerRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_suspend: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerCustomersController_resume: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_listOfCustomer: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_createForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateResellerKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One customer's keys, or `none` for your own keys only (those of no customer); absent: every key of yours and your customers'. */
        customer_id?: string & (string | 'none');
        /** @description Only the rows with these ids: a comma-separated list of at most 100 UUIDs, combined with the other filters (AND) and paged like the whole list. The id of another tenant's key, or an unknown id, is simply absent from the page: never a 404, and never a sign that it exists. An empty item, a malformed id or more than 100 ids is a 400. */
        ids?: string[];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateResellerKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateResellerKeyRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `key_already_rotated`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_effectiveLimits: {
    parameters: {
      query?: {
        /** @description Only this endpoint; default: every endpoint the key may call. */
        slug?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EffectiveLimitsView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_usage: {
    parameters: {
      query?: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['KeyUsageView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_revoke: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_expire: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerKeysController_rotate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RotateResellerKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotatedApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`, `key_already_rotated`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_ofKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_replaceOfKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LimitsBody'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_setSlugOfKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SlugLimitRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_removeSlugOfKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_ofCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_replaceOfCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LimitsBody'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_setSlugOfCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SlugLimitRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerLimitsController_removeSlugOfCustomer: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of the document you read: the change is made only if it is still current (412 otherwise). Absent: made whatever the version. */
        'If-Match'?: string;
      };
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The document's version (strong): send it as If-Match on the next change. */
          ETag?: string;
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LimitsBody'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description If-Match names another version; `details.etag` is the current one. Codes: `precondition_failed`. */
      412: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_ofKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_putOnKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BudgetRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`, `key_already_rotated`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_deleteOfKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`, `key_already_rotated`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_ofCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_putOnCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BudgetRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerBudgetsController_deleteOfCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_set: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetPriceRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such price any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_setMeter: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
        /** @description A meter the slug bills (see the public catalog's `prices` of the slug and its models); another is 400 with `details.meters`. */
        meter: components['schemas']['Meter'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetPriceRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_removeMeter: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
        /** @description A meter the slug bills (see the public catalog's `prices` of the slug and its models); another is 400 with `details.meters`. */
        meter: components['schemas']['Meter'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such price any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_listOfCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_setForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetPriceRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_removeForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such price any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_setMeterForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        slug: string;
        /** @description A meter the slug bills (see the public catalog's `prices` of the slug and its models); another is 400 with `details.meters`. */
        meter: components['schemas']['Meter'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetPriceRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PriceView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerPricesController_removeMeterForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        slug: string;
        /** @description A meter the slug bills (see the public catalog's `prices` of the slug and its models); another is 400 with `details.meters`. */
        meter: components['schemas']['Meter'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such price any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkupListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_set: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A catalog slug, or `*`: every slug. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetMarkupRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkupView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A catalog slug, or `*`: every slug. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such markup any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_listOfCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkupListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_setForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        /** @description A catalog slug, or `*`: every slug. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetMarkupRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MarkupView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerMarkupsController_removeForCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        /** @description A catalog slug, or `*`: every slug. */
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description No such markup any more. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`, `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerAuditController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One call: its request id (`X-Service-Request-Id`, the error body's `request_id`), exact. */
        request_id?: string;
        /** @description Calls of one customer's keys, or `none` for the calls of keys that belong to no customer (a tenant's own keys; in the operator's trail, also calls made without a valid key). */
        customer_id?: string & (string | 'none');
        api_key_id?: string;
        /** @description Calls of this catalog endpoint. */
        slug?: string;
        /** @description HTTP status (499: the client left before the answer). */
        status?: number;
        /** @description Calls received at or after this instant. */
        from?: string;
        /** @description Calls received before this instant. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResellerAuditRecordPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerAuditController_export: {
    parameters: {
      query?: {
        /** @description One call: its request id (`X-Service-Request-Id`, the error body's `request_id`), exact. */
        request_id?: string;
        /** @description Calls of one customer's keys, or `none` for the calls of keys that belong to no customer (a tenant's own keys; in the operator's trail, also calls made without a valid key). */
        customer_id?: string & (string | 'none');
        api_key_id?: string;
        /** @description Calls of this catalog endpoint. */
        slug?: string;
        /** @description HTTP status (499: the client left before the answer). */
        status?: number;
        /** @description Calls received at or after this instant. */
        from?: string;
        /** @description Calls received before this instant. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The calls as CSV (RFC 4180, UTF-8, CRLF), a download (`Content-Disposition: attachment`), streamed a page at a time. A header row, then its rows. Columns: `request_id`, `created_at`, `endpoint`, `method`, `status`, `error_code`, `latency_ms`, `door`, `stream_outcome`, `customer_id`, `api_key_id`, `api_key_name`, `client_ip`, `quantity`, `customer_price_usd`, `resale_usd`, `reseller_margin_usd`. Money as exact USD decimal strings, as in the JSON; a text cell that starts with `=`, `+`, `-` or `@` is prefixed with `'` (CSV injection). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerAuditController_call: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ResellerAuditCallView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerReportsController_usage: {
    parameters: {
      query: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One row per customer (paged: `limit` customers per page, in the order of their ids, your own keys first), per slug or per UTC day (whole). */
        group_by: 'customer' | 'slug' | 'day';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageReportView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerReportsController_export: {
    parameters: {
      query: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
        /** @description One row per customer (paged: `limit` customers per page, in the order of their ids, your own keys first), per slug or per UTC day (whole). */
        group_by: 'customer' | 'slug' | 'day';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report (a `row` per group, a `meter` row per meter of a slug, the `total` row last) as CSV (RFC 4180, UTF-8, CRLF), a download (`Content-Disposition: attachment`), streamed a page at a time. A header row, then its rows. Columns: `group_by`, `from`, `to`, `section`, `key`, `meter`, `calls`, `errors`, `quantity`, `customer_price_usd`, `resale_usd`, `reseller_margin_usd`. Money as exact USD decimal strings, as in the JSON; a text cell that starts with `=`, `+`, `-` or `@` is prefixed with `'` (CSV injection). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerStatementsController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatementSummaryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerStatementsController_get: {
    parameters: {
      query?: {
        /** @description The format; wins over the Accept header. Default: JSON. */
        format?: 'json' | 'csv';
      };
      header?: never;
      path: {
        /** @description A UTC calendar month, YYYY-MM. */
        month: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement: JSON, or CSV (`?format=csv` or `Accept: text/csv`; a header row, RFC 4180, money in USD). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatementView'];
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerStatementsController_listOfCustomer: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatementSummaryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerStatementsController_getOfCustomer: {
    parameters: {
      query?: {
        /** @description The format; wins over the Accept header. Default: JSON. */
        format?: 'json' | 'csv';
      };
      header?: never;
      path: {
        id: string;
        /** @description A UTC calendar month, YYYY-MM. */
        month: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement: JSON, or CSV (`?format=csv` or `Accept: text/csv`; a header row, RFC 4180, money in USD). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StatementView'];
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookEndpointRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecretView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_delete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookEndpointRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_rotateSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RotateWebhookSecretRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookEndpointWithSecretView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_sendTest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_listDeliveries: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One endpoint's deliveries. */
        endpoint_id?: string;
        event?: components['schemas']['WebhookEventType'];
        state?: components['schemas']['WebhookDeliveryState'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_getDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryDetailView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerWebhooksController_redeliver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerManagementKeysController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ManagementKeyPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerManagementKeysController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateManagementKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedManagementKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ResellerManagementKeysController_revoke: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ManagementKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_management_key`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `tenant_suspended`, `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSessionController_signUp: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignUpRequest'];
      };
    };
    responses: {
      /** @description Signed in: the session cookie is set. */
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`, `account_locked`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSessionController_current: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSessionController_signIn: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignInRequest'];
      };
    };
    responses: {
      /** @description Signed in: a new session cookie is set. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_credentials`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`, `account_locked`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSessionController_signOut: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSessionController_changePassword: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChangePasswordRequest'];
      };
    };
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`, `invalid_credentials`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`, `account_locked`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_invite: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InviteUserRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationCreatedView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_get: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_remove: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_changeRole: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChangeRoleRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_issuePasswordReset: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordResetCreatedView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_listInvitations: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_withdrawInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_inspect: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InspectInvitationRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvitationPreviewView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `invalid_invitation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleUsersController_accept: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AcceptInvitationRequest'];
      };
    };
    responses: {
      /** @description Signed in: the session cookie is set. */
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `invalid_invitation`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsolePasswordResetsController_inspect: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InspectPasswordResetRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordResetPreviewView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `invalid_password_reset`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsolePasswordResetsController_use: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UsePasswordResetRequest'];
      };
    };
    responses: {
      /** @description Signed in: the session cookie is set. */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`, `invalid_password_reset`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSetupController_status: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SetupStatusView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  ConsoleSetupController_create: {
    parameters: {
      query?: never;
      header?: {
        /** @description The session's `csrf_token`: required on POST, PUT, PATCH and DELETE when signed in. */
        'X-CSRF-Token'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateFirstOperatorRequest'];
      };
    };
    responses: {
      /** @description Signed in: the session cookie is set. */
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_setup_token`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`, `tenant_suspended`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `operator_exists`, `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminActivityController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Changes by one user or management key. */
        actor_id?: string;
        actor_kind?: 'operator_user' | 'admin_token' | 'tenant_user' | 'management_key';
        entity_type?: 'price' | 'markup' | 'limit' | 'budget' | 'plan' | 'tenant' | 'catalog_price';
        /** @description The entity id as the entries name it. */
        entity_id?: string;
        action?: string;
        /** @description Changes at or after this instant. */
        from?: string;
        /** @description Changes before this instant. */
        to?: string;
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityEntryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Only the rows with these ids: a comma-separated list of at most 100 UUIDs, combined with the other filters (AND) and paged like the whole list. An id this list does not hold (unknown, a deleted customer, another tenant's) is simply absent from the page, never an error. An empty item, a malformed id or more than 100 ids is a 400. */
        ids?: string[];
        /** @description Search as you type: the tenants whose name starts with this, ignoring case. Combined with the other filters (AND), paged like the whole list. */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTenantRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateTenantRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_budget: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_putBudget: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BudgetRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminTenantsController_deleteBudget: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Only the rows with these ids: a comma-separated list of at most 100 UUIDs, combined with the other filters (AND) and paged like the whole list. An id this list does not hold (unknown, a deleted customer, another tenant's) is simply absent from the page, never an error. An empty item, a malformed id or more than 100 ids is a 400. */
        ids?: string[];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_effectiveLimits: {
    parameters: {
      query?: {
        /** @description Only this endpoint; default: every endpoint the key may call. */
        slug?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EffectiveLimitsView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_usage: {
    parameters: {
      query?: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['KeyUsageView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_revoke: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_listManagementKeys: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ManagementKeyPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_createManagementKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateManagementKeyRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedManagementKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminKeysController_revokeManagementKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ManagementKeyView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCustomersController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description Only the rows with these ids: a comma-separated list of at most 100 UUIDs, combined with the other filters (AND) and paged like the whole list. An id this list does not hold (unknown, a deleted customer, another tenant's) is simply absent from the page, never an error. An empty item, a malformed id or more than 100 ids is a 400. */
        ids?: string[];
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCustomersController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        customerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CustomerView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminPlansController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminPlansController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreatePlanRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminPlansController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminPlansController_delete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminPlansController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePlanRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlanView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateCatalogEntryRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_latency: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EndpointLatencyListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateCatalogEntryRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_setLimit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetEndpointLimitRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_replaceUpstreams: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReplaceUpstreamsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminCatalogController_replaceModels: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        slug: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReplaceModelsRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CatalogEntryView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `endpoint_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminModelAliasesController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ModelAliasListView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminModelAliasesController_set: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The alias: 1 to 100 letters, digits and . _ : / - (a / percent-encoded as %2F), starting with a letter or a digit, and not itself a canonical model id. */
        alias: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetModelAliasRequest'];
      };
    };
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ModelAliasView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminModelAliasesController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The alias: 1 to 100 letters, digits and . _ : / - (a / percent-encoded as %2F), starting with a letter or a digit, and not itself a canonical model id. */
        alias: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminAuditController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One call: its request id (`X-Service-Request-Id`, the error body's `request_id`), exact. */
        request_id?: string;
        /** @description Calls of one customer's keys, or `none` for the calls of keys that belong to no customer (a tenant's own keys; in the operator's trail, also calls made without a valid key). */
        customer_id?: string & (string | 'none');
        api_key_id?: string;
        /** @description Calls of this catalog endpoint. */
        slug?: string;
        /** @description HTTP status (499: the client left before the answer). */
        status?: number;
        /** @description Calls received at or after this instant. */
        from?: string;
        /** @description Calls received before this instant. */
        to?: string;
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditRecordPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminAuditController_export: {
    parameters: {
      query?: {
        /** @description One call: its request id (`X-Service-Request-Id`, the error body's `request_id`), exact. */
        request_id?: string;
        /** @description Calls of one customer's keys, or `none` for the calls of keys that belong to no customer (a tenant's own keys; in the operator's trail, also calls made without a valid key). */
        customer_id?: string & (string | 'none');
        api_key_id?: string;
        /** @description Calls of this catalog endpoint. */
        slug?: string;
        /** @description HTTP status (499: the client left before the answer). */
        status?: number;
        /** @description Calls received at or after this instant. */
        from?: string;
        /** @description Calls received before this instant. */
        to?: string;
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The calls as CSV (RFC 4180, UTF-8, CRLF), a download (`Content-Disposition: attachment`), streamed a page at a time. A header row, then its rows. Columns: `request_id`, `created_at`, `tenant_id`, `endpoint`, `method`, `status`, `error_code`, `latency_ms`, `door`, `upstream_id`, `providers_tried`, `usage_source`, `stream_outcome`, `customer_id`, `api_key_id`, `api_key_name`, `client_ip`, `quantity`, `wholesale_usd`, `resale_usd`, `customer_price_usd`, `operator_margin_usd`, `reseller_margin_usd`. Money as exact USD decimal strings, as in the JSON; a text cell that starts with `=`, `+`, `-` or `@` is prefixed with `'` (CSV injection). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminAuditController_call: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AuditCallView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminReportsController_revenue: {
    parameters: {
      query: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
        /** @description One row per tenant (paged: `limit` tenants per page, in the order of their ids, the calls without a tenant first), per slug or per UTC day (whole). */
        group_by: 'tenant' | 'slug' | 'day';
        /** @description Only this tenant's usage and plan fees (by tenant: its row alone). An unknown tenant has none: zeros. */
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RevenueReportView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminReportsController_export: {
    parameters: {
      query: {
        /** @description Start, inclusive; default: 30 days before `to`. */
        from?: string;
        /** @description End, exclusive; default: now. */
        to?: string;
        /** @description One row per tenant (paged: `limit` tenants per page, in the order of their ids, the calls without a tenant first), per slug or per UTC day (whole). */
        group_by: 'tenant' | 'slug' | 'day';
        /** @description Only this tenant's usage and plan fees (by tenant: its row alone). An unknown tenant has none: zeros. */
        tenant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report (a `row` per group, a `meter` row per meter of a slug, the `total` row last) as CSV (RFC 4180, UTF-8, CRLF), a download (`Content-Disposition: attachment`), streamed a page at a time. A header row, then its rows. Columns: `group_by`, `from`, `to`, `section`, `key`, `meter`, `calls`, `errors`, `quantity`, `wholesale_usd`, `resale_usd`, `customer_price_usd`, `operator_margin_usd`, `reseller_margin_usd`, `plan_fee_usd`, `total_revenue_usd`. Money as exact USD decimal strings, as in the JSON; a text cell that starts with `=`, `+`, `-` or `@` is prefixed with `'` (CSV injection). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminStatementsController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorStatementSummaryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminStatementsController_get: {
    parameters: {
      query?: {
        /** @description The format; wins over the Accept header. Default: JSON. */
        format?: 'json' | 'csv';
      };
      header?: never;
      path: {
        id: string;
        /** @description A UTC calendar month, YYYY-MM. */
        month: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement: JSON, or CSV (`?format=csv` or `Accept: text/csv`; a header row, RFC 4180, money in USD). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorStatementView'];
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminStatementsController_listOfCustomer: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
        customerId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorStatementSummaryPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminStatementsController_getOfCustomer: {
    parameters: {
      query?: {
        /** @description The format; wins over the Accept header. Default: JSON. */
        format?: 'json' | 'csv';
      };
      header?: never;
      path: {
        id: string;
        customerId: string;
        /** @description A UTC calendar month, YYYY-MM. */
        month: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statement: JSON, or CSV (`?format=csv` or `Accept: text/csv`; a header row, RFC 4180, money in USD). */
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OperatorStatementView'];
          'text/csv': string;
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminOperatorsController_list: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminOperatorsController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateOperatorRequest'];
      };
    };
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminOperatorsController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `conflict`. */
      409: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminUsersController_listOfTenant: {
    parameters: {
      query?: {
        /** @description Rows per page. */
        limit?: number;
        /** @description The `next_cursor` of the previous page; omit for the first page. */
        cursor?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPage'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  AdminUsersController_issuePasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      201: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordResetCreatedView'];
        };
      };
      /** @description Codes: `invalid_json`, `invalid_request`. */
      400: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `invalid_admin_token`, `not_signed_in`. */
      401: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `csrf_check_failed`, `insufficient_role`. */
      403: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `resource_not_found`. */
      404: {
        headers: {
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Codes: `rate_limited`. */
      429: {
        headers: {
          'Retry-After': components['headers']['Retry-After'];
          'X-Service-Request-Id': components['headers']['X-Service-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
}

/** Every route of `paths`, as `METHOD /path` (the method in capitals), at run time. */
export const ROUTES = [
  'GET /healthz',
  'GET /readyz',
  'GET /api/public/v1/catalog',
  'GET /api/public/v1/plans',
  'GET /api/public/v1/{slug}',
  'POST /api/public/v1/{slug}',
  'GET /api/openai/v1/models',
  'GET /api/openai/v1/models/{id}',
  'POST /api/openai/v1/chat/completions',
  'POST /api/openai/v1/embeddings',
  'POST /api/openai/v1/images/generations',
  'POST /api/openai/v1/audio/speech',
  'POST /api/openai/v1/audio/transcriptions',
  'GET /api/reseller/v1/activity',
  'GET /api/reseller/v1/me',
  'PUT /api/reseller/v1/me/plan',
  'DELETE /api/reseller/v1/me/scheduled-plan-change',
  'GET /api/reseller/v1/customers',
  'POST /api/reseller/v1/customers',
  'GET /api/reseller/v1/customers/{id}',
  'DELETE /api/reseller/v1/customers/{id}',
  'PATCH /api/reseller/v1/customers/{id}',
  'POST /api/reseller/v1/customers/{id}/suspend',
  'POST /api/reseller/v1/customers/{id}/resume',
  'GET /api/reseller/v1/customers/{id}/keys',
  'POST /api/reseller/v1/customers/{id}/keys',
  'GET /api/reseller/v1/keys',
  'POST /api/reseller/v1/keys',
  'GET /api/reseller/v1/keys/{id}',
  'PATCH /api/reseller/v1/keys/{id}',
  'GET /api/reseller/v1/keys/{id}/effective-limits',
  'GET /api/reseller/v1/keys/{id}/usage',
  'POST /api/reseller/v1/keys/{id}/revoke',
  'POST /api/reseller/v1/keys/{id}/expire',
  'POST /api/reseller/v1/keys/{id}/rotate',
  'GET /api/reseller/v1/keys/{id}/limits',
  'PUT /api/reseller/v1/keys/{id}/limits',
  'PUT /api/reseller/v1/keys/{id}/limits/{slug}',
  'DELETE /api/reseller/v1/keys/{id}/limits/{slug}',
  'GET /api/reseller/v1/customers/{id}/limits',
  'PUT /api/reseller/v1/customers/{id}/limits',
  'PUT /api/reseller/v1/customers/{id}/limits/{slug}',
  'DELETE /api/reseller/v1/customers/{id}/limits/{slug}',
  'GET /api/reseller/v1/keys/{id}/budget',
  'PUT /api/reseller/v1/keys/{id}/budget',
  'DELETE /api/reseller/v1/keys/{id}/budget',
  'GET /api/reseller/v1/customers/{id}/budget',
  'PUT /api/reseller/v1/customers/{id}/budget',
  'DELETE /api/reseller/v1/customers/{id}/budget',
  'GET /api/reseller/v1/prices',
  'PUT /api/reseller/v1/prices/{slug}',
  'DELETE /api/reseller/v1/prices/{slug}',
  'PUT /api/reseller/v1/prices/{slug}/meters/{meter}',
  'DELETE /api/reseller/v1/prices/{slug}/meters/{meter}',
  'GET /api/reseller/v1/customers/{id}/prices',
  'PUT /api/reseller/v1/customers/{id}/prices/{slug}',
  'DELETE /api/reseller/v1/customers/{id}/prices/{slug}',
  'PUT /api/reseller/v1/customers/{id}/prices/{slug}/meters/{meter}',
  'DELETE /api/reseller/v1/customers/{id}/prices/{slug}/meters/{meter}',
  'GET /api/reseller/v1/markups',
  'PUT /api/reseller/v1/markups/{slug}',
  'DELETE /api/reseller/v1/markups/{slug}',
  'GET /api/reseller/v1/customers/{id}/markups',
  'PUT /api/reseller/v1/customers/{id}/markups/{slug}',
  'DELETE /api/reseller/v1/customers/{id}/markups/{slug}',
  'GET /api/reseller/v1/audit',
  'GET /api/reseller/v1/audit/export',
  'GET /api/reseller/v1/audit/{id}',
  'GET /api/reseller/v1/reports/usage',
  'GET /api/reseller/v1/reports/usage/export',
  'GET /api/reseller/v1/statements',
  'GET /api/reseller/v1/statements/{month}',
  'GET /api/reseller/v1/customers/{id}/statements',
  'GET /api/reseller/v1/customers/{id}/statements/{month}',
  'GET /api/reseller/v1/webhook-endpoints',
  'POST /api/reseller/v1/webhook-endpoints',
  'GET /api/reseller/v1/webhook-endpoints/{id}',
  'DELETE /api/reseller/v1/webhook-endpoints/{id}',
  'PATCH /api/reseller/v1/webhook-endpoints/{id}',
  'POST /api/reseller/v1/webhook-endpoints/{id}/rotate-secret',
  'POST /api/reseller/v1/webhook-endpoints/{id}/test',
  'GET /api/reseller/v1/webhook-deliveries',
  'GET /api/reseller/v1/webhook-deliveries/{id}',
  'POST /api/reseller/v1/webhook-deliveries/{id}/redeliver',
  'GET /api/reseller/v1/management-keys',
  'POST /api/reseller/v1/management-keys',
  'POST /api/reseller/v1/management-keys/{id}/revoke',
  'POST /api/console/v1/signup',
  'GET /api/console/v1/session',
  'POST /api/console/v1/session',
  'DELETE /api/console/v1/session',
  'PUT /api/console/v1/password',
  'GET /api/console/v1/users',
  'POST /api/console/v1/users',
  'GET /api/console/v1/users/{id}',
  'DELETE /api/console/v1/users/{id}',
  'PATCH /api/console/v1/users/{id}',
  'POST /api/console/v1/users/{id}/password-reset',
  'GET /api/console/v1/invitations',
  'DELETE /api/console/v1/invitations/{id}',
  'POST /api/console/v1/invitations/inspect',
  'POST /api/console/v1/invitations/accept',
  'POST /api/console/v1/password-resets/inspect',
  'POST /api/console/v1/password-resets/use',
  'GET /api/console/v1/setup',
  'POST /api/console/v1/setup/first-operator',
  'GET /api/admin/v1/activity',
  'GET /api/admin/v1/tenants',
  'POST /api/admin/v1/tenants',
  'GET /api/admin/v1/tenants/{id}',
  'PATCH /api/admin/v1/tenants/{id}',
  'GET /api/admin/v1/tenants/{id}/budget',
  'PUT /api/admin/v1/tenants/{id}/budget',
  'DELETE /api/admin/v1/tenants/{id}/budget',
  'GET /api/admin/v1/tenants/{id}/keys',
  'POST /api/admin/v1/tenants/{id}/keys',
  'GET /api/admin/v1/keys/{id}',
  'GET /api/admin/v1/keys/{id}/effective-limits',
  'GET /api/admin/v1/keys/{id}/usage',
  'POST /api/admin/v1/keys/{id}/revoke',
  'GET /api/admin/v1/tenants/{id}/management-keys',
  'POST /api/admin/v1/tenants/{id}/management-keys',
  'POST /api/admin/v1/management-keys/{id}/revoke',
  'GET /api/admin/v1/tenants/{id}/customers',
  'GET /api/admin/v1/tenants/{id}/customers/{customerId}',
  'GET /api/admin/v1/plans',
  'POST /api/admin/v1/plans',
  'GET /api/admin/v1/plans/{id}',
  'DELETE /api/admin/v1/plans/{id}',
  'PATCH /api/admin/v1/plans/{id}',
  'GET /api/admin/v1/catalog',
  'POST /api/admin/v1/catalog',
  'GET /api/admin/v1/reports/latency',
  'GET /api/admin/v1/catalog/{slug}',
  'PATCH /api/admin/v1/catalog/{slug}',
  'PUT /api/admin/v1/catalog/{slug}/limit',
  'PUT /api/admin/v1/catalog/{slug}/upstreams',
  'PUT /api/admin/v1/catalog/{slug}/models',
  'GET /api/admin/v1/model-aliases',
  'PUT /api/admin/v1/model-aliases/{alias}',
  'DELETE /api/admin/v1/model-aliases/{alias}',
  'GET /api/admin/v1/audit',
  'GET /api/admin/v1/audit/export',
  'GET /api/admin/v1/audit/{id}',
  'GET /api/admin/v1/reports/revenue',
  'GET /api/admin/v1/reports/revenue/export',
  'GET /api/admin/v1/tenants/{id}/statements',
  'GET /api/admin/v1/tenants/{id}/statements/{month}',
  'GET /api/admin/v1/tenants/{id}/customers/{customerId}/statements',
  'GET /api/admin/v1/tenants/{id}/customers/{customerId}/statements/{month}',
  'GET /api/admin/v1/operators',
  'POST /api/admin/v1/operators',
  'DELETE /api/admin/v1/operators/{id}',
  'GET /api/admin/v1/tenants/{id}/users',
  'POST /api/admin/v1/users/{id}/password-reset',
] as const;

/** A route of the API: `GET /api/reseller/v1/customers/{id}`, … */
export type Route = (typeof ROUTES)[number];
