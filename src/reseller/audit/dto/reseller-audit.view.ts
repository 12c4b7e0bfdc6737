import { ApiProperty } from '@nestjs/swagger';
import type { AuditRecord } from '../../../audit/audit-record';
import type { TrailCall } from '../../../audit/audit-trail.service';
import { CallCustomerView, CallKeyView, ERROR_DETAILS_PROPERTY } from '../../../audit/dto/call-parties.view';
import type { MeterLine } from '../../../audit/meter-lines';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { PageOf } from '../../../common/pagination/page.view';
import { Meter } from '../../../generated/prisma/enums';

/** One meter of a call, as the tenant may know it: what the caller was billed and what the tenant owes (never the operator's cost). */
export class ResellerAuditRecordMeterView {
  @ApiProperty({ enum: Object.values(Meter), enumName: 'Meter' }) meter!: Meter;
  @ApiProperty({ type: 'integer', minimum: 0, description: "Usage in the meter's base measure (tokens, milliseconds, characters, items)." })
  quantity!: number;
  @UsdAmountProperty('What you owe the operator for this meter (resale).') resale_usd!: string;
  @UsdAmountProperty("What the caller was billed for this meter: the call's `meters[].billed_usd`.") billed_usd!: string;

  static from(this: void, m: MeterLine): ResellerAuditRecordMeterView {
    return Object.assign(new ResellerAuditRecordMeterView(), {
      meter: m.meter,
      quantity: Number(m.quantity),
      resale_usd: picoUsdToDecimalString(m.resalePicoUsd),
      billed_usd: picoUsdToDecimalString(m.customerPicoUsd),
    } satisfies ResellerAuditRecordMeterView);
  }
}

/** One call of the tenant's trail: what the tenant may know (never the operator's cost or upstreams). */
export class ResellerAuditRecordView {
  @ApiProperty({ format: 'uuid', description: 'The X-Service-Request-Id of the call.' }) request_id!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id!: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) api_key_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) endpoint!: string | null;
  @ApiProperty() method!: string;
  @ApiProperty({ type: 'integer', description: 'HTTP status; 499 when the client left before the answer.' }) status!: number;
  @ApiProperty({ type: String, nullable: true }) error_code!: string | null;
  @ApiProperty({ type: 'integer' }) latency_ms!: number;
  @ApiProperty({ type: String, nullable: true }) client_ip!: string | null;
  @ApiProperty({ type: 'integer', description: "Usage in the billing unit's base measure." }) quantity!: number;
  @UsdAmountProperty({
    description:
      "What the caller was billed (its `billed_usd`): your price for the customer, else the catalog's list price (your own keys: your resale price).",
    example: '0.002',
  })
  customer_price_usd!: string;
  @UsdAmountProperty({
    description: "What you owe the operator for the call: the catalog's resale price under your plan.",
    example: '0.0015',
  })
  resale_usd!: string;
  @UsdAmountProperty({
    description: 'Your margin on the call: what the caller was billed minus what you owe (negative where you price below your cost).',
    example: '0.0005',
  })
  reseller_margin_usd!: string;
  @ApiProperty({
    type: [ResellerAuditRecordMeterView],
    description:
      "The call's usage per meter of its price (input and output tokens, images, …), in meter order; their amounts sum to the record's. Empty when nothing was billed. A call recorded before prices had meters shows its slug unit's one meter.",
  })
  meters!: ResellerAuditRecordMeterView[];
  @ApiProperty({ type: String, nullable: true, enum: ['completed', 'aborted', 'errored', 'timed_out'] }) stream_outcome!: string | null;
  @ApiProperty({
    enum: ['slug', 'openai'],
    description: 'The door the call came through: `slug` (`/api/public/v1/{slug}`) or `openai` (`/api/openai/v1/…`).',
  })
  door!: string;

  static from(r: AuditRecord, slug: string | null, meters: readonly MeterLine[]): ResellerAuditRecordView {
    return Object.assign(new ResellerAuditRecordView(), {
      request_id: r.id,
      created_at: r.createdAt.toISOString(),
      customer_id: r.customerId,
      api_key_id: r.apiKeyId,
      endpoint: slug,
      method: r.method,
      status: r.httpStatus,
      error_code: r.errorCode,
      latency_ms: r.latencyMs,
      client_ip: r.clientIp,
      quantity: Number(r.quantity),
      customer_price_usd: picoUsdToDecimalString(r.customerPricePicoUsd),
      resale_usd: picoUsdToDecimalString(r.resalePicoUsd),
      reseller_margin_usd: picoUsdToDecimalString(r.customerPricePicoUsd - r.resalePicoUsd),
      meters: meters.map(ResellerAuditRecordMeterView.from),
      stream_outcome: r.streamOutcome,
      door: r.door,
    } satisfies ResellerAuditRecordView);
  }
}

export const ResellerAuditRecordPage = PageOf(ResellerAuditRecordView);

/**
 * One call in full, as the tenant may know it: the trail's row, the key and customer by name, what
 * refused it, how its usage was measured (never the operator's cost or upstreams).
 */
export class ResellerAuditCallView extends ResellerAuditRecordView {
  @ApiProperty({ type: CallKeyView, nullable: true, description: 'The key that called; null for a call without a valid key.' })
  key!: CallKeyView | null;
  @ApiProperty({ type: CallCustomerView, nullable: true, description: 'The customer whose key called; null for your own keys.' })
  customer!: CallCustomerView | null;
  @ApiProperty(ERROR_DETAILS_PROPERTY) error_details!: Record<string, unknown> | null;
  @ApiProperty({ type: String, nullable: true, enum: ['reported', 'estimated', 'capped'], description: 'How the usage was measured.' })
  usage_source!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The endpoint's billing unit; null when the call named no endpoint." })
  billing_unit!: string | null;

  static fromCall(
    call: TrailCall,
    key: { name: string; prefix: string } | null,
    customer: { name: string; externalId: string | null } | null,
  ): ResellerAuditCallView {
    const { row } = call;
    return Object.assign(new ResellerAuditCallView(), {
      ...ResellerAuditRecordView.from(row, call.endpoint?.slug ?? null, call.meters),
      key: row.apiKeyId ? CallKeyView.of(row.apiKeyId, key) : null,
      customer: row.customerId ? CallCustomerView.of(row.customerId, customer) : null,
      error_details: row.errorDetails,
      usage_source: row.usageSource,
      billing_unit: call.endpoint?.billingUnit ?? null,
    } satisfies ResellerAuditCallView);
  }
}
