import { ApiProperty } from '@nestjs/swagger';
import type { AuditRecord } from '../../../audit/audit-record';
import { picoUsdToDecimalString } from '../../../common/money/money';
import { UsdAmountProperty } from '../../../common/money/usd-amount.decorators';
import { PageOf } from '../../../common/pagination/page.dto';

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
  @ApiProperty({ type: String, nullable: true, enum: ['completed', 'aborted', 'errored', 'timed_out'] }) stream_outcome!: string | null;

  static from(r: AuditRecord, slug: string | null): ResellerAuditRecordView {
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
      stream_outcome: r.streamOutcome,
    } satisfies ResellerAuditRecordView);
  }
}

export const ResellerAuditRecordPage = PageOf(ResellerAuditRecordView);
