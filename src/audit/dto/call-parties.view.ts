import { ApiProperty } from '@nestjs/swagger';

/** The key a call was made with: its id, and its name and visible prefix while the key exists. */
export class CallKeyView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: "The key's name; null when the key no longer exists." }) name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The key's visible prefix (never the key); null when it no longer exists." })
  prefix!: string | null;

  static of(id: string, key: { name: string; prefix: string } | null | undefined): CallKeyView {
    return Object.assign(new CallKeyView(), { id, name: key?.name ?? null, prefix: key?.prefix ?? null } satisfies CallKeyView);
  }
}

/** The customer whose key called: its id, and its name and external id while it exists. */
export class CallCustomerView {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true, description: "The customer's name; null when it no longer exists." }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) external_id!: string | null;

  static of(id: string, customer: { name: string; externalId: string | null } | null | undefined): CallCustomerView {
    return Object.assign(new CallCustomerView(), {
      id,
      name: customer?.name ?? null,
      external_id: customer?.externalId ?? null,
    } satisfies CallCustomerView);
  }
}

/** The refusal details a call's record keeps (see `error_details`), documented once for both APIs. */
export const ERROR_DETAILS_PROPERTY = {
  type: 'object',
  additionalProperties: true,
  nullable: true,
  description:
    "What refused the call, beside `error_code`: for `budget_exceeded`, the error's own `details` (`budget_id`, `limit_source` (`key`, `customer`, `tenant`), `subject_id`, `period`, `cap_usd`, `spent_usd`, `held_usd`, `resets_at`); for `rate_limited`, the limit that was full (`limit`: `endpoint`, `key`, `customer_endpoint`, `customer` or `tenant`; its `quota` per window; `window_seconds`). Null for any other outcome, and for calls recorded before refusals were kept.",
} as const;
