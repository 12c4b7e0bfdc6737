/** One API of the reference: its tags, each with its operations (folded), and its error bodies once. */
import { errorBodiesOf, fieldRows, operationsOf, type ApiId, type OpenApiDocument } from '../openapi';
import { FieldTable } from './FieldTable';
import { errorBodyAnchor, OperationDetails } from './OperationDetails';

export const tagAnchor = (api: ApiId, tag: string) => `${api}-${tag.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}`;

export function ApiSection({ doc, api, title, intro }: { doc: OpenApiDocument; api: ApiId; title: string; intro: string }) {
  const groups = operationsOf(doc, api);
  const errorBodies = errorBodiesOf(groups);
  return (
    <section className="card api-section" aria-labelledby={`api-${api}`} data-api={api}>
      <h2 id={`api-${api}`}>{title}</h2>
      <p className="muted">{intro}</p>
      <nav aria-label={`${title}: tags`} className="tag-index">
        {groups.map(({ tag, operations }) => (
          <a key={tag} href={`#${tagAnchor(api, tag)}`}>
            {tag} ({operations.length})
          </a>
        ))}
      </nav>
      {groups.map(({ tag, operations }) => (
        <div key={tag} className="api-tag">
          <h3 id={tagAnchor(api, tag)}>{tag}</h3>
          {operations.map((operation) => (
            <OperationDetails key={`${operation.method} ${operation.path}`} doc={doc} api={api} operation={operation} />
          ))}
        </div>
      ))}
      {errorBodies.length > 0 && (
        <div className="api-tag">
          <h3 id={`${api}-errors`}>Error bodies</h3>
          <p className="muted">
            Every error of these operations answers with one of these bodies; its code is in the{' '}
            <a href="/docs/guide/api/errors">error codes</a>.
          </p>
          {errorBodies.map((name) => (
            <div key={name} className="operation-response">
              <h4 id={errorBodyAnchor(api, name)} className="mono">
                {name}
              </h4>
              <FieldTable caption={`Error body ${name}`} rows={fieldRows(doc, { $ref: `#/components/schemas/${name}` })} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
