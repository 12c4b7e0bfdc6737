import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import { LimitsService } from '../../limits/limits.service';
import { LimitsBody } from './dto/limits.dto';

/** The calling tenant's limits on its keys and customers; a change applies on every gateway process at once. */
@Injectable()
export class ResellerLimitsService {
  constructor(
    private readonly limits: LimitsService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
  ) {}

  async ofKey(tenantId: string, keyId: string): Promise<LimitsBody> {
    await this.requireKey(tenantId, keyId);
    return LimitsBody.from(await this.limits.get('key', keyId));
  }

  async replaceOfKey(tenantId: string, keyId: string, body: LimitsBody): Promise<LimitsBody> {
    const key = await this.requireKey(tenantId, keyId);
    const document = await this.limits.replace(tenantId, 'key', keyId, LimitsBody.toDocument(body));
    await this.keys.invalidateKey(key.prefix);
    return LimitsBody.from(document);
  }

  async ofCustomer(tenantId: string, customerId: string): Promise<LimitsBody> {
    await this.customers.get(tenantId, customerId);
    return LimitsBody.from(await this.limits.get('customer', customerId));
  }

  async replaceOfCustomer(tenantId: string, customerId: string, body: LimitsBody): Promise<LimitsBody> {
    await this.customers.get(tenantId, customerId);
    const document = await this.limits.replace(tenantId, 'customer', customerId, LimitsBody.toDocument(body));
    await this.keys.invalidateCustomer(customerId);
    return LimitsBody.from(document);
  }

  private async requireKey(tenantId: string, keyId: string) {
    const key = await this.keys.getForTenant(tenantId, keyId);
    if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
    return key;
  }
}
