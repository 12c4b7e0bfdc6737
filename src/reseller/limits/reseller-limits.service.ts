import type { Actor } from '../../activity/actor';
import { Injectable } from '@nestjs/common';
import { GatewayError } from '../../common/errors/error-catalog';
import { CustomersService } from '../../customers/customers.service';
import { KeysService } from '../../keys/keys.service';
import type { LimitSubject } from '../../generated/prisma/enums';
import { limitsEtag, LimitsService, type VersionedLimits } from '../../limits/limits.service';
import { LimitsBody } from './dto/limits.requests';

/** A limits document as the API answers it, with its ETag (for If-Match on the next change). */
export interface LimitsAnswer {
  body: LimitsBody;
  etag: string;
}

/** One change to a subject's limits: the whole document, or one slug set or removed. */
export type LimitsEdit =
  | { kind: 'replace'; body: LimitsBody }
  | { kind: 'set_slug'; slug: string; requestsPerWindow: number }
  | { kind: 'remove_slug'; slug: string };

/** The calling tenant's limits on its keys and customers; a change applies on every gateway process at once. */
@Injectable()
export class ResellerLimitsService {
  constructor(
    private readonly limits: LimitsService,
    private readonly keys: KeysService,
    private readonly customers: CustomersService,
  ) {}

  async ofKey(tenantId: string, keyId: string): Promise<LimitsAnswer> {
    await this.requireKey(tenantId, keyId);
    return answer(await this.limits.get('key', keyId));
  }

  /** Changes a key's limits; with `ifMatch`, only if the document still has that ETag (412 otherwise). */
  async editOfKey(actor: Actor, tenantId: string, keyId: string, edit: LimitsEdit, ifMatch?: string): Promise<LimitsAnswer> {
    const key = await this.requireKey(tenantId, keyId);
    const changed = await this.apply(actor, tenantId, 'key', keyId, edit, ifMatch);
    if (!changed) throw new GatewayError('resource_not_found', 'No API key has this id.');
    await this.keys.invalidateKey(key.prefix);
    return { body: LimitsBody.from(changed.document), etag: changed.etag };
  }

  async ofCustomer(tenantId: string, customerId: string): Promise<LimitsAnswer> {
    await this.customers.get(tenantId, customerId);
    return answer(await this.limits.get('customer', customerId));
  }

  /** Changes a customer's limits; with `ifMatch`, only if the document still has that ETag (412 otherwise). */
  async editOfCustomer(actor: Actor, tenantId: string, customerId: string, edit: LimitsEdit, ifMatch?: string): Promise<LimitsAnswer> {
    await this.customers.get(tenantId, customerId);
    const changed = await this.apply(actor, tenantId, 'customer', customerId, edit, ifMatch);
    if (!changed) throw new GatewayError('resource_not_found', 'No customer has this id.');
    await this.keys.invalidateCustomer(customerId);
    return { body: LimitsBody.from(changed.document), etag: changed.etag };
  }

  private apply(
    actor: Actor,
    tenantId: string,
    subject: LimitSubject,
    id: string,
    edit: LimitsEdit,
    ifMatch?: string,
  ): Promise<VersionedLimits | null> {
    switch (edit.kind) {
      case 'replace':
        return this.limits.replace(actor, tenantId, subject, id, LimitsBody.toDocument(edit.body), ifMatch);
      case 'set_slug':
        return this.limits.setSlug(actor, tenantId, subject, id, edit.slug, edit.requestsPerWindow, ifMatch);
      case 'remove_slug':
        return this.limits.removeSlug(actor, tenantId, subject, id, edit.slug, ifMatch);
    }
  }

  private async requireKey(tenantId: string, keyId: string) {
    const key = await this.keys.getForTenant(tenantId, keyId);
    if (!key) throw new GatewayError('resource_not_found', 'No API key has this id.');
    return key;
  }
}

function answer(document: Parameters<typeof LimitsBody.from>[0]): LimitsAnswer {
  return { body: LimitsBody.from(document), etag: limitsEtag(document) };
}
