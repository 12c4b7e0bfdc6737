/** One API of the reference: its tags, each with its operations (folded). */
import { operationsOf, type ApiId, type OpenApiDocument } from '../openapi';
import { OperationDetails } from './OperationDetails';

export const tagAnchor = (api: ApiId, tag: string) => `${api}-${tag.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase()}`;

export function ApiSection({ doc, api, title, intro }: { doc: OpenApiDocument; api: ApiId; title: string; intro: string }) {
  const groups = operationsOf(doc, api);
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
            <OperationDetails key={`${operation.method} ${operation.path}`} doc={doc} operation={operation} />
          ))}
        </div>
      ))}
    </section>
  );
}
