/** A customer's actions: suspend (asks first) or resume, and delete (asks first). */
import type { CustomerView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { useDeleteCustomer, useResumeCustomer, useSuspendCustomer } from '../queries';

export function SuspendCustomerButton({ customer }: { customer: CustomerView }) {
  return (
    <ActionButton
      action={useSuspendCustomer(customer.id)}
      className="btn btn-danger-outline"
      confirm={{
        title: `Suspend ${customer.name}?`,
        body: 'Every one of its keys is refused at once (403 customer_suspended) until you resume it.',
        confirmLabel: 'Suspend customer',
      }}
    >
      Suspend
    </ActionButton>
  );
}

export function ResumeCustomerButton({ customer }: { customer: CustomerView }) {
  return <ActionButton action={useResumeCustomer(customer.id)}>Resume</ActionButton>;
}

export function DeleteCustomerButton({ customer }: { customer: CustomerView }) {
  return (
    <ActionButton
      action={useDeleteCustomer(customer.id)}
      className="btn btn-danger"
      confirm={{
        title: `Delete ${customer.name}?`,
        body: 'Its keys are revoked at once and it disappears from your lists. Its calls stay in the audit trail and the reports.',
        confirmLabel: 'Delete customer',
      }}
    >
      Delete
    </ActionButton>
  );
}
