import { Injectable } from '@nestjs/common';
import { GatewayError } from '../common/errors/error-catalog';
import { Clock } from '../common/time/clock';
import { KeysService } from '../keys/keys.service';
import { WebhookEvents } from '../webhooks/webhook-events.publisher';
import { CustomerChanges, CustomerDefinition, CustomerFilter, CustomersRepository, StoredCustomer } from './customers.repository';

/**
 * A tenant's customers. Every method takes the tenant first: a customer of another tenant is
 * "not found", never "forbidden", so ids leak nothing. Suspending a customer stops every one of
 * its keys on every gateway process at once (the key caches are invalidated through the event
 * bus) and announces customer.suspended (webhooks); deleting it (soft) revokes them.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly repository: CustomersRepository,
    private readonly keys: KeysService,
    private readonly webhooks: WebhookEvents,
    private readonly clock: Clock,
  ) {}

  async create(tenantId: string, definition: CustomerDefinition): Promise<StoredCustomer> {
    try {
      return await this.repository.create(tenantId, definition);
    } catch (err) {
      throw conflictOnExternalId(err, definition.externalId);
    }
  }

  /** Whether the customer is (or, deleted, was) this tenant's: its audit records stay the tenant's. */
  belongsTo(tenantId: string, id: string): Promise<boolean> {
    return this.repository.belongsTo(tenantId, id);
  }

  async get(tenantId: string, id: string): Promise<StoredCustomer> {
    return found(await this.repository.find(tenantId, id));
  }

  list(tenantId: string, take: number, cursor: string | undefined, filter: CustomerFilter = {}): Promise<StoredCustomer[]> {
    return this.repository.list(tenantId, take, cursor, filter);
  }

  async update(tenantId: string, id: string, changes: CustomerChanges): Promise<StoredCustomer> {
    try {
      return found(await this.repository.update(tenantId, id, changes));
    } catch (err) {
      throw conflictOnExternalId(err, changes.externalId);
    }
  }

  /** Suspends a customer; the first suspension (not a repeated one) announces customer.suspended, in its transaction. */
  async suspend(tenantId: string, id: string): Promise<StoredCustomer> {
    const customer = found(
      await this.repository.suspend(tenantId, id, (tx, c) =>
        this.webhooks.publish(tenantId, 'customer.suspended', { customer: { id: c.id, external_id: c.externalId, name: c.name } }, tx),
      ),
    );
    this.webhooks.committed();
    await this.keys.invalidateCustomer(id);
    return customer;
  }

  async resume(tenantId: string, id: string): Promise<StoredCustomer> {
    const customer = found(await this.repository.update(tenantId, id, { status: 'active' }));
    await this.keys.invalidateCustomer(id);
    return customer;
  }

  /** Soft delete: the row stays for the audit trail, its external id is free again, its keys are revoked. */
  async delete(tenantId: string, id: string): Promise<void> {
    found(await this.repository.update(tenantId, id, { deletedAt: this.clock.now() }));
    await this.keys.revokeAllOfCustomer(tenantId, id);
  }
}

function found(customer: StoredCustomer | null): StoredCustomer {
  if (!customer) throw new GatewayError('resource_not_found', 'No customer has this id.');
  return customer;
}

/** The unique (tenant, external_id) index decides, even between two concurrent requests. */
function conflictOnExternalId(err: unknown, externalId: string | null | undefined): unknown {
  if ((err as { code?: string }).code === 'P2002') {
    return new GatewayError('conflict', `A customer with the external_id "${externalId}" already exists.`);
  }
  return err;
}
