/**
 * One operation of the API reference, folded: method, path and summary; opened, its parameters, its
 * request body's fields and each response's fields (an error's body by name, linked to its fields,
 * which the API's section shows once).
 */
import { DataTable } from '../../../components/DataTable';
import { errorBodyOf, fieldRows, typeLabel, type ApiId, type ApiOperation, type OpenApiDocument, type Parameter } from '../openapi';
import { FieldTable } from './FieldTable';

/** Where an API's section shows an error body's fields. */
export const errorBodyAnchor = (api: ApiId, name: string) => `${api}-error-${name.toLowerCase()}`;

export function OperationDetails({ doc, api, operation }: { doc: OpenApiDocument; api: ApiId; operation: ApiOperation }) {
  const { method, path, summary, parameters, requestBody, responses } = operation;
  const bodyRows = fieldRows(doc, requestBody?.schema);
  return (
    <details className="operation" data-operation={`${method} ${path}`}>
      <summary>
        <span className={`method method-${method.toLowerCase()}`}>{method}</span> <span className="mono operation-path">{path}</span>{' '}
        <span className="operation-summary">{summary}</span>
      </summary>
      <div className="operation-body">
        {operation.description && <p>{operation.description}</p>}
        {parameters.length > 0 && (
          <>
            <h4>Parameters</h4>
            <DataTable<Parameter>
              caption={`Parameters of ${method} ${path}`}
              compact
              rows={parameters}
              rowKey={(p) => `${p.in}-${p.name}`}
              columns={[
                { header: 'Name', primary: true, cell: (p) => <span className="mono">{p.name}</span> },
                { header: 'In', cell: (p) => p.in },
                { header: 'Type', cell: (p) => <span className="mono">{p.schema ? typeLabel(doc, p.schema) : 'any'}</span> },
                { header: 'Required', cell: (p) => (p.required ? 'required' : <span className="faint">optional</span>) },
                { header: 'Description', cell: (p) => p.description ?? '' },
              ]}
            />
          </>
        )}
        {requestBody && (
          <>
            <h4>Request body</h4>
            {requestBody.description && <p className="muted">{requestBody.description}</p>}
            {bodyRows.length > 0 && <FieldTable caption={`Request body of ${method} ${path}`} rows={bodyRows} />}
          </>
        )}
        <h4>Responses</h4>
        {responses.map((response) => {
          const errorBody = errorBodyOf(response);
          if (errorBody)
            return (
              <p key={response.status} className="operation-response">
                <strong className="mono">{response.status}</strong> {response.description}{' '}
                <a className="mono" href={`#${errorBodyAnchor(api, errorBody)}`}>
                  {errorBody}
                </a>
              </p>
            );
          const rows = fieldRows(doc, response.schema);
          return (
            <div key={response.status} className="operation-response">
              <p>
                <strong className="mono">{response.status}</strong> {response.description}
                {response.schema && rows.length === 0 && <span className="mono faint"> {typeLabel(doc, response.schema)}</span>}
              </p>
              {rows.length > 0 && <FieldTable caption={`Response ${response.status} of ${method} ${path}`} rows={rows} />}
            </div>
          );
        })}
      </div>
    </details>
  );
}
