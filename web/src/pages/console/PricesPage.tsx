import { can, useSignedIn } from '../../auth/session';
import { MarkupsEditor } from '../../components/MarkupsEditor';
import { PricesEditor } from '../../components/PricesEditor';
import { Card, PageHeader } from '../../components/ui';
import { useDocumentTitle } from '../../lib/use-document-title';

/** What every customer pays (where it has nothing of its own): markups over your cost, and fixed prices per meter. */
export function PricesPage() {
  useDocumentTitle('Prices');
  const session = useSignedIn();
  const readOnly = !can.write(session.user.role);
  return (
    <>
      <PageHeader
        title="Prices"
        description="What your customers pay, where a customer has nothing of its own: per meter of a slug, a fixed price; else a markup over your cost, on the slug or on every slug; else the catalog's list price, and your plan's discount is your margin. Your cost is what you owe: the list price less that discount; your own keys always pay it."
      />
      <div className="stack">
        <Card
          title="Markups"
          description="A percentage over your cost, on every meter without a fixed price. A markup on a slug beats the one on every slug."
          flush
        >
          <MarkupsEditor customerId={null} scope="every customer" readOnly={readOnly} />
        </Card>
        <Card title="Prices per meter" description="A fixed price per unit of a meter beats every markup." flush>
          <PricesEditor customerId={null} scope="every customer" readOnly={readOnly} />
        </Card>
      </div>
    </>
  );
}
