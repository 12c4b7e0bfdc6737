import type { StatementAdjustmentView, StatementLineView } from '@unified-api-gateway/sdk';
import { categoryLabel } from '../../../lib/categories';

/** A statement line's endpoint with its category; calls refused before an endpoint was found have none. */
export function EndpointCell({ line }: { line: StatementLineView | StatementAdjustmentView }) {
  if (line.slug === null) {
    return (
      <>
        <span className="cell-title faint">No endpoint</span>
        <span className="cell-sub">Calls refused before an endpoint was found (never billed)</span>
      </>
    );
  }
  return (
    <>
      <span className="cell-title mono">{line.slug}</span>
      {line.category && <span className="cell-sub">{categoryLabel(line.category)}</span>}
    </>
  );
}
