/** The tenant's monthly statements: the month in progress and every closed month, with CSV downloads. */
import { PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useIsReseller } from '../../account/queries';
import { StatementsList } from '../components/StatementsList';

export function StatementsPage() {
  useDocumentTitle('Statements');
  const reseller = useIsReseller();
  return (
    <>
      <PageHeader
        title="Statements"
        description={
          reseller
            ? 'One statement per UTC calendar month: all your customers and your own keys together, per endpoint. Billed is what your callers paid, you owe is your resale cost. A closed month never changes; usage found later is an adjustment on the next one.'
            : 'One statement per UTC calendar month: your calls and what they cost, per endpoint. A closed month never changes; usage found later is an adjustment on the next one.'
        }
      />
      <div className="card card-flush">
        <StatementsList scope={{ customerId: null }} reseller={reseller} caption="Monthly statements" />
      </div>
    </>
  );
}
