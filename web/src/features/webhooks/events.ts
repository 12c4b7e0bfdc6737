import type { WebhookEventType } from '@unified-api-gateway/sdk';

/** The events an endpoint can hear about, in words. */
export const WEBHOOK_EVENTS: Array<{ value: WebhookEventType; label: string }> = [
  { value: 'budget.threshold', label: 'A budget passes 50 %, 80 % or 100 %' },
  { value: 'key.rotated', label: 'A key is rotated' },
  { value: 'key.expired', label: 'A key expires' },
  { value: 'customer.suspended', label: 'A customer is suspended' },
  { value: 'statement.closed', label: 'A monthly statement closes' },
];

/** How a signing secret is kept, said when it is shown once. */
export const SECRET_HOW =
  'Verify deliveries with it using any Standard Webhooks library (new Webhook(secret).verify(body, headers)). The gateway keeps it encrypted, to sign deliveries, and never shows it again.';
