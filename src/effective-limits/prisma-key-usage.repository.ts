import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { KeyUsageDay, KeyUsageRepository, TenantLimitSettings } from './key-usage.repository';

@Injectable()
export class PrismaKeyUsageRepository extends KeyUsageRepository {
  constructor(private readonly prisma: PrismaService) {
    super();
  }

  async days(tenantId: string, keyId: string, from: Date, to: Date): Promise<KeyUsageDay[]> {
    // One range of usage_daily's key (tenant, day); the key's rows are filtered within it.
    const rows = await this.prisma.$queryRaw<
      Array<{ day: Date; calls: bigint; errors: bigint; customer: string; resale: string; wholesale: string }>
    >`
      SELECT day, sum(calls)::int8 AS calls, sum(errors)::int8 AS errors,
             sum(customer_price_pico_usd)::text AS customer, sum(resale_pico_usd)::text AS resale,
             sum(wholesale_pico_usd)::text AS wholesale
      FROM usage_daily
      WHERE tenant_id = ${tenantId}::uuid AND day >= ${from}::date AND day < ${to}::date AND api_key_id = ${keyId}::uuid
      GROUP BY day ORDER BY day`;
    return rows.map((r) => ({
      day: r.day,
      calls: BigInt(r.calls),
      errors: BigInt(r.errors),
      customerPricePicoUsd: BigInt(r.customer),
      resalePicoUsd: BigInt(r.resale),
      wholesalePicoUsd: BigInt(r.wholesale),
    }));
  }

  async tenantSettings(tenantId: string): Promise<TenantLimitSettings> {
    const tenant = await this.prisma.tenant.findUnique({
      where: { id: tenantId },
      select: {
        rateLimitPerWindow: true,
        plan: { select: { name: true, requestLimitPerWindow: true, defaultMonthlySpendCapPicoUsd: true } },
      },
    });
    return {
      tenantRateLimit: tenant?.rateLimitPerWindow ?? null,
      planName: tenant?.plan?.name ?? null,
      planRateLimit: tenant?.plan?.requestLimitPerWindow ?? null,
      planDefaultMonthlyCapPicoUsd: tenant?.plan?.defaultMonthlySpendCapPicoUsd ?? null,
    };
  }
}
