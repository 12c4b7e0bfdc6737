/**
 * A list's search box for an API that searches (`q`): what is typed goes to the address bar's `?q=`
 * once typing pauses (a query per pause, not per key), so a search can be shared or reloaded.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useUrlFilters } from './use-url-filters';

export const SEARCH_DEBOUNCE_MS = 300;

export function UrlSearchBox({ label = 'Search', placeholder }: { label?: string; placeholder?: string }) {
  const id = useId();
  const filters = useUrlFilters();
  const inUrl = filters.get('q');
  const [text, setText] = useState(inUrl);
  // The latest setter, without restarting the pause on every render (a new function each time).
  const setFilter = useRef(filters.set);
  useEffect(() => {
    setFilter.current = filters.set;
  });
  useEffect(() => {
    if (text.trim() === inUrl) return;
    const timer = setTimeout(() => setFilter.current('q', text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, inUrl]);
  return (
    <div className="field" role="search">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" placeholder={placeholder} value={text} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}
