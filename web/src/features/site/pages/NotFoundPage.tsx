import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Inside the console or the admin area, the way back is that area's first page, not the website. */
export function NotFoundPage({ back }: { back?: { to: string; label: string } }) {
  useDocumentTitle('Page not found');
  return (
    <div className="auth-page">
      <div className="card auth-card">
        <h1>Page not found</h1>
        <p className="muted">There is no page at this address. It may have moved, or the link may be incomplete.</p>
        <div className="row">
          {back ? (
            <Link className="btn btn-primary" to={back.to}>
              {back.label}
            </Link>
          ) : (
            <>
              <Link className="btn btn-primary" to="/">
                Home
              </Link>
              <Link className="btn" to="/catalog">
                Catalog
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
