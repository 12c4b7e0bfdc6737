import { useEffect } from 'react';

/** Each page names itself in the tab and the history (and screen readers announce it on navigation). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Unified API` : 'Unified API: one key for every service';
  }, [title]);
}
