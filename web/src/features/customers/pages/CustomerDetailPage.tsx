/** One customer: details, suspend/resume, delete, its keys, limits, budget, statements, markups and prices. */
import { useParams } from 'react-router';
import { can, useSignedIn } from '../../../auth/session';
import { ActionError, ActionErrorScope } from '../../../components/ActionButton';
import { Card, ErrorNotice, Loading, PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { BudgetCard } from '../../budgets/components/BudgetCard';
import { LimitsCard } from '../../limits/components/LimitsCard';
import { ScopePricesCards } from '../../prices/components/ScopePricesCards';
import { StatementsList } from '../../statements/components/StatementsList';
import { DeleteCustomerButton, ResumeCustomerButton, SuspendCustomerButton } from '../components/CustomerActions';
import { CustomerDetailsCard } from '../components/CustomerDetailsCard';
import { CustomerKeysCard } from '../components/CustomerKeysCard';
import { customerBudget, customerLimits, useCustomer } from '../queries';

export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const session = useSignedIn();
  const writable = can.write(session.user.role);
  const customer = useCustomer(id);
  useDocumentTitle(customer.data ? customer.data.name : 'Customer');

  if (customer.isPending) return <Loading page />;
  if (customer.isError)
    return <ErrorNotice error={customer.error} onRetry={() => void customer.refetch()} title="Could not load this customer." />;
  const current = customer.data;

  return (
    <ActionErrorScope>
      <PageHeader
        breadcrumb={{ to: '/console/customers', label: 'Customers' }}
        title={current.name}
        description={current.external_id ? `Your id: ${current.external_id}` : undefined}
        actions={
          writable ? (
            <>
              {current.status === 'active' ? <SuspendCustomerButton customer={current} /> : <ResumeCustomerButton customer={current} />}
              <DeleteCustomerButton customer={current} />
            </>
          ) : undefined
        }
      />
      <div className="stack">
        <ActionError />
        <CustomerDetailsCard customer={current} writable={writable} />
        <CustomerKeysCard customer={current} writable={writable} />
        <div className="grid-2">
          <LimitsCard source={customerLimits(id)} subject="all of this customer's keys together" readOnly={!writable} />
          <BudgetCard
            source={customerBudget(id)}
            subject="this customer (all its keys together)"
            description="A spend cap on what this customer pays, all its keys together: a call over it is refused (402) and not billed."
            readOnly={!writable}
          />
        </div>
        <Card
          title="Statements"
          description={`What ${current.name} was billed each month (its keys together), what you owe for it and your margin.`}
          flush
        >
          <StatementsList scope={{ customerId: id }} reseller caption={`Monthly statements of ${current.name}`} />
        </Card>
        <ScopePricesCards customerId={id} scope={current.name} readOnly={!writable} />
      </div>
    </ActionErrorScope>
  );
}
