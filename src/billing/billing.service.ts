import { Injectable } from '@nestjs/common';
import type { CatalogEntry } from '../catalog/catalog-entry';
import { BILLING_UNITS } from './billing-units';
import { chargePicoUsd } from './money';

export interface Charge {
  quantity: bigint;
  wholesalePicoUsd: bigint;
  resalePicoUsd: bigint;
}

/** Turns usage into money: wholesale cost (what the upstream costs us) and resale revenue (what the caller pays). */
@Injectable()
export class BillingService {
  charge(endpoint: CatalogEntry, quantity: bigint): Charge {
    const { perUnit } = BILLING_UNITS[endpoint.billingUnit];
    return {
      quantity,
      wholesalePicoUsd: chargePicoUsd(quantity, endpoint.wholesalePicoUsdPerUnit, perUnit),
      resalePicoUsd: chargePicoUsd(quantity, endpoint.resalePicoUsdPerUnit, perUnit),
    };
  }
}
