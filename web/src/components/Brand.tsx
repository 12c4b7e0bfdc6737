import { Link } from 'react-router';

export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4338ca" />
      <path d="M9 10v7a7 7 0 0 0 14 0v-7" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" />
      <circle cx="16" cy="10" r="2.2" fill="#a5b4fc" />
    </svg>
  );
}

export function Brand({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="brand">
      <BrandMark />
      <span>Unified API</span>
    </Link>
  );
}
