/** Filters kept in the address bar (?status=, ?event=, ?by=), so a filtered view can be shared or reloaded. */
import { useSearchParams } from 'react-router';

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  return {
    /** The filter's value; '' when it is not set. */
    get: (name: string) => params.get(name) ?? '',
    /** Sets one filter (an empty value removes it), keeping the others; the history gets no entry per change. */
    set: (name: string, value: string) =>
      setParams(
        () => {
          // From the address bar as it is now, not the render's copy: two changes before the next
          // render (a search cleared, then a category chosen) both apply.
          const next = new URLSearchParams(window.location.search);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
  };
}
