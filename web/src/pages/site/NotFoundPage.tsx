import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Page not found</h1>
        <p className="muted">There is no page at this address. It may have moved, or the link may be incomplete.</p>
        <div className="row">
          <Link className="btn btn-primary" to="/">
            Home
          </Link>
          <Link className="btn" to="/catalog">
            Catalog
          </Link>
        </div>
      </div>
    </div>
  );
}
