import { ApiProperty } from '@nestjs/swagger';
import type { AuditRecord } from '../../../audit/audit-record';
import type { TrailCall } from '../../../audit/audit-trail.service';
import { CallCustomerView, CallKeyView, ERROR_DETAILS_PROPERTY } from '../../../audit/dto/call-parties.view';
import type { MeterLine } from '../../../audit/meter-lines';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { PageOf } from '../../../common/pagination/page.view';
import { Meter } from '../../../generated/prisma/enums';

/** One meter of a call: its quantity and what it cost, was resold and was billed at. */
export class AuditRecordMeterView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ type: 'integer', minimum: 0, description: "Usage in the meter's base measure (tokens, milliseconds, characters, items)." })
  quantity!: number;
  @UsdAmountProperty('What this meter of the call cost the operator (wholesale).') wholesale_usd!: string;
  @UsdAmountProperty('What the tenant owes the operator for this meter (resale).') resale_usd!: string;
  @UsdAmountProperty("What the caller was billed for this meter: the call's `meters[].billed_usd`.") billed_usd!: string;

  static from(this: void, m: MeterLine): AuditRecordMeterView {
    return Object.assign(new AuditRecordMeterView(), {
      meter: m.meter,
      quantity: Number(m.quantity),
      wholesale_usd: picoUsdToDecimalString(m.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(m.resalePicoUsd),
      billed_usd: picoUsdToDecimalString(m.customerPicoUsd),
    } satisfies AuditRecordMeterView);
  }
}

/** One call of the audit trail. */
export class AuditRecordView {
  @ApiProperty({ format: 'uuid', description: 'The X-Service-Request-Id of the call.' }) request_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) tenant_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The tenant's customer whose key called." })
  customer_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) api_key_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The slug called; null when none was found.' }) endpoint!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) endpoint_id!: string | null;
  @ApiProperty({ example: 'POST' }) method!: string;
  @ApiProperty({ type: 'integer', description: 'HTTP status; 499 when the client left before the answer.' }) status!: number;
  @ApiProperty({ type: String, nullable: true }) error_code!: string | null;
  @ApiProperty({ type: 'integer' }) latency_ms!: number;
  @ApiProperty({ type: String, nullable: true }) client_ip!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) upstream_id!: string | null;
  @ApiProperty({ type: 'integer' }) providers_tried!: number;
  @ApiProperty({ type: 'integer', description: "Usage in the billing unit's base measure (tokens, milliseconds, items)." })
  quantity!: number;
  @UsdAmountProperty({ description: 'What the upstream cost the operator.', example: '0.001' }) wholesale_usd!: string;
  @UsdAmountProperty({ description: "What the tenant owes the operator: the catalog's resale price under its plan.", example: '0.0015' })
  resale_usd!: string;
  @UsdAmountProperty({
    description:
      "What the caller was billed (its `billed_usd`): the tenant's price for its customer, else the catalog's list price (a tenant's own key: the resale amount).",
    example: '0.002',
  })
  customer_price_usd!: string;
  @UsdAmountProperty({
    description:
      'Your margin on the call: what the tenant owes you minus what the upstream cost you (resale − wholesale; negative below cost).',
    example: '0.0005',
  })
  operator_margin_usd!: string;
  @UsdAmountProperty({
    description: "The tenant's margin on the call: what its caller was billed minus what it owes you (customer price − resale).",
    example: '0.0005',
  })
  reseller_margin_usd!: string;
  @ApiProperty({
    type: [AuditRecordMeterView],
    description:
      "The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter.",
  })
  meters!: AuditRecordMeterView[];
  @ApiProperty({ type: String, nullable: true, enum: ['reported', 'estimated', 'capped'] }) usage_source!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['completed', 'aborted', 'errored', 'timed_out'] }) stream_outcome!: string | null;
  @ApiProperty({
    enum: ['slug', 'openai'],
    description: 'The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).',
  })
  door!: string;

  /** `slug`: the endpoint's, from the catalog (rows keep ids only); `meters`: the record's (auditMeterLines). */
  static from(r: AuditRecord, slug: string | null, meters: readonly MeterLine[]): AuditRecordView {
    return Object.assign(new AuditRecordView(), {
      request_id: r.id,
      created_at: r.createdAt.toISOString(),
      tenant_id: r.tenantId,
      customer_id: r.customerId,
      api_key_id: r.apiKeyId,
      endpoint: slug,
      endpoint_id: r.endpointId,
      method: r.method,
      status: r.httpStatus,
      error_code: r.errorCode,
      latency_ms: r.latencyMs,
      client_ip: r.clientIp,
      upstream_id: r.upstreamId,
      providers_tried: r.providersTried,
      quantity: Number(r.quantity),
      wholesale_usd: picoUsdToDecimalString(r.wholesalePicoUsd),
      resale_usd: picoUsdToDecimalString(r.resalePicoUsd),
      customer_price_usd: picoUsdToDecimalString(r.customerPricePicoUsd),
      operator_margin_usd: picoUsdToDecimalString(r.resalePicoUsd - r.wholesalePicoUsd),
      reseller_margin_usd: picoUsdToDecimalString(r.customerPricePicoUsd - r.resalePicoUsd),
      meters: meters.map(AuditRecordMeterView.from),
      usage_source: r.usageSource,
      stream_outcome: r.streamOutcome,
      door: r.door,
    } satisfies AuditRecordView);
  }
}

export const AuditRecordPage = PageOf(AuditRecordView);

/** The upstream that served a call, as the catalog names it now (null name: no longer in the catalog). */
export class CallUpstreamView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The provider kind (openai, anthropic, http, …).' }) kind!: string | null;
}

/** The tenant of a call, by name. */
export class CallTenantView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when the tenant no longer exists.' }) name!: string | null;
}

/**
 * One call in full, for the operator: the trail's row, its tenant, key and customer by name, what
 * refused it, the upstream that served it and the budgets it held.
 */
export class AuditCallView extends AuditRecordView {
  @ApiProperty({ type: CallTenantView, nullable: true }) tenant!: CallTenantView | null;
  @ApiProperty({ type: CallKeyView, nullable: true, description: 'The key that called; null for a call without a valid key.' })
  key!: CallKeyView | null;
  @ApiProperty({
    type: CallCustomerView,
    nullable: true,
    description: "The tenant's customer whose key called; null for a tenant's own keys.",
  })
  customer!: CallCustomerView | null;
  @ApiProperty(ERROR_DETAILS_PROPERTY) error_details!: Record<string, unknown> | null;
  @ApiProperty({
    type: CallUpstreamView,
    nullable: true,
    description:
      'The upstream that served the call (the last one tried); null when none did. `providers_tried` says how many were tried in fallback order; the trail keeps no more of the attempts.',
  })
  upstream!: CallUpstreamView | null;
  @ApiProperty({ type: String, nullable: true, description: "The endpoint's billing unit; null when the call named no endpoint." })
  billing_unit!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The key's budget the call held, if any." })
  key_budget_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The customer's budget the call held, if any." })
  customer_budget_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The tenant's budget the call held, if any." })
  tenant_budget_id!: string | null;

  static fromCall(
    call: TrailCall,
    parties: {
      tenant: { name: string } | null;
      key: { name: string; prefix: string } | null;
      customer: { name: string; externalId: string | null } | null;
    },
  ): AuditCallView {
    const { row } = call;
    const upstream = row.upstreamId ? call.endpoint?.upstreams.find((u) => u.id === row.upstreamId) : undefined;
    return Object.assign(new AuditCallView(), {
      ...AuditRecordView.from(row, call.endpoint?.slug ?? null, call.meters),
      tenant: row.tenantId ? { id: row.tenantId, name: parties.tenant?.name ?? null } : null,
      key: row.apiKeyId ? CallKeyView.of(row.apiKeyId, parties.key) : null,
      customer: row.customerId ? CallCustomerView.of(row.customerId, parties.customer) : null,
      error_details: row.errorDetails,
      upstream: row.upstreamId ? { id: row.upstreamId, name: upstream?.name ?? null, kind: upstream?.kind ?? null } : null,
      billing_unit: call.endpoint?.billingUnit ?? null,
      key_budget_id: row.keyBudgetId,
      customer_budget_id: row.customerBudgetId,
      tenant_budget_id: row.tenantBudgetId,
    } satisfies AuditCallView);
  }
}
