import { useEffect, useState } from 'react';

const WIDE = '(min-width: 720px)';

/**
 * Whether the filters are unfolded: on a wide screen, or while a filter is active; on a phone they
 * fold away behind their summary, so the records come first. The screen's width is followed (a
 * rotated phone, a narrowed window) until the user opens or closes them: then their choice holds.
 */
export function useFiltersOpen(active: boolean) {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  const [chosen, setChosen] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const follow = () => setWide(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const value = chosen ?? (active || wide);
  return {
    value,
    // <details> reports every change of `open`, ours included: only a change away from what we render is the user's.
    toggled: (nowOpen: boolean) => {
      if (nowOpen !== value) setChosen(nowOpen);
    },
  };
}
