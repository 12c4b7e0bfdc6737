import { Link } from 'react-router';
import { CATEGORIES, categoryLabel } from '../../../lib/categories';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePublicCatalog } from '../../catalog/public-queries';

export function HomePage() {
  useDocumentTitle(null);
  const catalog = usePublicCatalog();
  const count = catalog.data?.data.length;
  return (
    <div className="stack">
      <section className="hero">
        <span className="eyebrow">One key · every service</span>
        <h1>One API for text, vision, voice, data, identity and payments.</h1>
        <p className="lead">
          Call {count ? `${count} services` : 'every service in the catalog'} through one endpoint with one key. Per-call prices, exact to
          the pico-dollar; rate limits and budgets you set; an audit record of every request.
        </p>
        <div className="row">
          <Link className="btn btn-primary btn-lg" to="/signup">
            Create an account
          </Link>
          <Link className="btn btn-lg" to="/catalog">
            Browse the catalog
          </Link>
        </div>
      </section>
      <section className="grid-3" aria-label="What you get">
        <div className="card feature">
          <h2>Pay per call</h2>
          <p>Every endpoint has a published price per billing unit. Each response says what it cost, and the audit trail adds it up.</p>
        </div>
        <div className="card feature">
          <h2>Limits and budgets</h2>
          <p>Cap requests per key and spend per key, per customer or per month. A call over a budget is refused, never billed.</p>
        </div>
        <div className="card feature">
          <h2>Resell it</h2>
          <p>Give each of your customers its own key, set their prices, and read your margin per customer, per endpoint and per day.</p>
        </div>
      </section>
      <section className="card">
        <div className="card-header">
          <div>
            <h2>Categories</h2>
            <p>
              Everything is called the same way: <code className="inline-code">POST /api/public/v1/&#123;slug&#125;</code> with your key.
              Pick a category to see its endpoints.
            </p>
          </div>
          <Link to="/quickstart" className="btn">
            Quick start
          </Link>
        </div>
        <div className="row">
          {CATEGORIES.map((category) => (
            <Link key={category} className="btn btn-sm" to={`/catalog?category=${category}`}>
              {categoryLabel(category)}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
