/** The markups and the fixed prices of a scope, each in its card: every customer's (the prices page) or one customer's (its page). */
import { Card } from '../../../components/ui';
import type { PriceScopeProps } from '../queries';
import { MarkupsEditor } from './MarkupsEditor';
import { PricesEditor } from './PricesEditor';

export function ScopePricesCards({ customerId, scope, readOnly }: PriceScopeProps) {
  const forCustomer = customerId !== null;
  return (
    <>
      <Card
        title="Markups"
        description={
          forCustomer
            ? `A percentage over your cost that ${scope} pays on every meter without a fixed price. Its own markup beats yours for every customer on the same slug; one on a slug beats one on every slug.`
            : 'A percentage over your cost, on every meter without a fixed price. A markup on a slug beats the one on every slug.'
        }
        flush
      >
        <MarkupsEditor customerId={customerId} scope={scope} readOnly={readOnly} />
      </Card>
      <Card
        title={forCustomer ? 'Prices' : 'Prices per meter'}
        description={
          forCustomer
            ? `What ${scope} pays per unit of each meter: its own fixed price, else yours for every customer, else a markup, else the catalog's list price.`
            : 'A fixed price per unit of a meter beats every markup.'
        }
        flush
      >
        <PricesEditor customerId={customerId} scope={scope} readOnly={readOnly} />
      </Card>
    </>
  );
}
