/**
 * Long lists: the APIs page by opaque keyset cursors (`next_cursor`), newest first. A list shows
 * its first page and a "Load more" button; the audit trail also loads the next page by itself when
 * its end scrolls into view (infinite scroll), with the button kept for keyboard users.
 */
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Page } from '@unified-api-gateway/sdk';

export const PAGE_SIZE = 50;

export function useCursorList<T>(queryKey: QueryKey, fetchPage: (cursor: string | null) => Promise<Page<T>>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  return { ...query, rows };
}

export type CursorList<T> = ReturnType<typeof useCursorList<T>>;

export interface MoreQuery {
  rows: unknown[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function LoadMore({ query, noun, autoLoad = false }: { query: MoreQuery; noun: string; autoLoad?: boolean }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = sentinel.current;
    if (!autoLoad || !element || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.rows.length === 0) return null;
  return (
    <div className="list-footer" ref={sentinel} data-testid="list-footer">
      {hasNextPage ? (
        <button type="button" className="btn btn-sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading…' : `Load more ${noun}`}
        </button>
      ) : (
        <span>
          {query.rows.length === 1 ? `1 ${noun.replace(/ies$/, 'y').replace(/s$/, '')}` : `All ${query.rows.length} ${noun}`} shown
        </span>
      )}
    </div>
  );
}
