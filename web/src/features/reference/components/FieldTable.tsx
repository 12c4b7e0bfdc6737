/** A schema's fields as a table: name, type, required, description (nested fields under their parent's name). */
import { DataTable } from '../../../components/DataTable';
import type { FieldRow } from '../openapi';

export function FieldTable({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  return (
    <DataTable<FieldRow>
      caption={caption}
      compact
      rows={rows}
      rowKey={(row) => row.name}
      columns={[
        { header: 'Field', primary: true, cell: (row) => <span className="mono">{row.name}</span> },
        { header: 'Type', cell: (row) => <span className="mono">{row.type}</span> },
        {
          header: 'Required',
          cell: (row) => (row.required ? 'required' : row.alternative ? 'one of' : <span className="faint">optional</span>),
        },
        { header: 'Description', cell: (row) => row.description ?? '' },
      ]}
    />
  );
}
