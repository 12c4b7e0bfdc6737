import { resellerApi } from '../../api/reseller-api';
import { can, useSignedIn } from '../../auth/session';
import { PricesEditor } from '../../components/PricesEditor';
import { PageHeader } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The prices every customer pays (where it has none of its own). */
export function PricesPage() {
  useDocumentTitle('Prices');
  const session = useSignedIn();
  return (
    <>
      <PageHeader
        title="Prices"
        description="What your customers pay per billing unit, where a customer has no price of its own. Without a price they pay the catalog's list price, and your plan's discount is your margin. Your cost is what you owe: the list price less that discount; your own keys always pay it."
      />
      <div className="card card-flush">
        <PricesEditor
          queryKey={['prices', 'tenant']}
          load={resellerApi.prices.list}
          save={resellerApi.prices.set}
          remove={resellerApi.prices.remove}
          scope="every customer"
          readOnly={!can.write(session.user.role)}
        />
      </div>
    </>
  );
}
