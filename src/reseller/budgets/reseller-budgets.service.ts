import type { Actor } from '../../activity/actor';
import { Injectable } from '@nestjs/common';
import { BudgetRequest, capOf } from '../../budgets/dto/budget.requests';
import { BudgetView } from '../../budgets/dto/budget.view';
import { BudgetsService } from '../../budgets/budgets.service';
import { GatewayError } from '../../common/errors/error-catalog';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';

const NO_BUDGET = 'No budget is set on it.';

/**
 * The calling tenant's budgets on its keys and customers. Every change reaches every gateway
 * process at once (the key caches of the key and of the key it replaced, which shares its budget
 * while in its grace period, or of all the customer's keys, are invalidated).
 */
@Injectable()
export class ResellerBudgetsService {
  constructor(
    private readonly budgets: BudgetsService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
  ) {}

  async ofKey(tenantId: string, keyId: string): Promise<BudgetView> {
    await this.requireKey(tenantId, keyId);
    return this.view(await this.budgets.status('key', keyId));
  }

  async putOnKey(actor: Actor, tenantId: string, keyId: string, body: BudgetRequest): Promise<BudgetView> {
    const key = await this.requireKey(tenantId, keyId);
    const status = await this.budgets.put(tenantId, 'key', keyId, body.period, capOf(body), actor);
    await this.keys.invalidateKeyBudget(key);
    return BudgetView.from(status);
  }

  async deleteOfKey(actor: Actor, tenantId: string, keyId: string): Promise<void> {
    const key = await this.requireKey(tenantId, keyId);
    if (!(await this.budgets.delete('key', keyId, actor))) throw new GatewayError('resource_not_found', NO_BUDGET);
    await this.keys.invalidateKeyBudget(key);
  }

  async ofCustomer(tenantId: string, customerId: string): Promise<BudgetView> {
    await this.customers.get(tenantId, customerId);
    return this.view(await this.budgets.status('customer', customerId));
  }

  async putOnCustomer(actor: Actor, tenantId: string, customerId: string, body: BudgetRequest): Promise<BudgetView> {
    await this.customers.get(tenantId, customerId);
    const status = await this.budgets.put(tenantId, 'customer', customerId, body.period, capOf(body), actor);
    await this.keys.invalidateCustomer(customerId);
    return BudgetView.from(status);
  }

  async deleteOfCustomer(actor: Actor, tenantId: string, customerId: string): Promise<void> {
    await this.customers.get(tenantId, customerId);
    if (!(await this.budgets.delete('customer', customerId, actor))) throw new GatewayError('resource_not_found', NO_BUDGET);
    await this.keys.invalidateCustomer(customerId);
  }

  private view(status: Awaited<ReturnType<BudgetsService['status']>>): BudgetView {
    if (!status) throw new GatewayError('resource_not_found', NO_BUDGET);
    return BudgetView.from(status);
  }

  private async requireKey(tenantId: string, keyId: string) {
    const key = await this.keys.getForTenant(tenantId, keyId);
    if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
    return key;
  }
}
