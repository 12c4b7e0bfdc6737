import { can, useSignedIn } from '../../../auth/session';
import { PageHeader } from '../../../components/ui';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ScopePricesCards } from '../components/ScopePricesCards';

/** What every customer pays (where it has nothing of its own): markups over your cost, and fixed prices per meter. */
export function PricesPage() {
  useDocumentTitle('Prices');
  const session = useSignedIn();
  return (
    <>
      <PageHeader
        title="Prices"
        description="What your customers pay, where a customer has nothing of its own: per meter of a slug, a fixed price; else a markup over your cost, on the slug or on every slug; else the catalog's list price, and your plan's discount is your margin. Your cost is what you owe: the list price less that discount; your own keys always pay it."
      />
      <div className="stack">
        <ScopePricesCards customerId={null} scope="every customer" readOnly={!can.write(session.user.role)} />
      </div>
    </>
  );
}
