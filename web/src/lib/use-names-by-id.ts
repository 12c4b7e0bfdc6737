/**
 * Names for the ids a screen shows (audit records, keys, usage rows carry only ids): the list route
 * asked for exactly those ids (`?ids=`, at most 100 per call), never "the first 500" of a list that
 * may hold 50,000. One query per chunk of 100, cached by TanStack Query under `scope` and the chunk's
 * ids. Chunks follow the order the ids first appear in, so rows appended by infinite scroll add
 * chunks without refetching the earlier ones; a name any cached chunk already holds shows at once.
 */
import { useQueries, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@unified-api-gateway/sdk';

/** What the list routes take in one `ids` (the server's limit). */
export const IDS_PER_LOOKUP = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NamesById {
  /** The id's name; undefined while it is being looked up, or when the list does not hold it. */
  name: (id: string) => string | undefined;
  /** Whether the id was looked up and the list does not hold it (a deleted customer, say). */
  absent: (id: string) => boolean;
}

export function useNamesById<T extends { id: string }>({
  scope,
  ids,
  fetch,
  nameOf,
  enabled = true,
}: {
  /** The cache key prefix, under which invalidating the list (e.g. after a rename) refreshes the names. */
  scope: QueryKey;
  ids: Iterable<string | null | undefined>;
  /** One page of the list holding the rows of these ids (at most IDS_PER_LOOKUP). */
  fetch: (ids: string[]) => Promise<Page<T>>;
  nameOf: (row: T) => string;
  enabled?: boolean;
}): NamesById {
  const queryClient = useQueryClient();
  // Only UUIDs are looked up: anything else (a hand-edited filter in the address bar) has no name,
  // and would make the whole chunk a 400.
  const unique = enabled ? [...new Set([...ids].filter((id): id is string => Boolean(id && UUID.test(id))))] : [];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += IDS_PER_LOOKUP) chunks.push(unique.slice(i, i + IDS_PER_LOOKUP));
  const results = useQueries({
    queries: chunks.map((chunk) => ({
      queryKey: [...scope, 'names', chunk],
      queryFn: async () => {
        const page = await fetch(chunk);
        const names: Record<string, string> = Object.fromEntries(page.data.map((row) => [row.id, nameOf(row)]));
        return names;
      },
      staleTime: 60_000,
    })),
  });
  // Every chunk this scope has cached: names already known from an earlier set of ids show while a
  // new set loads (the current chunks' answers win).
  const known = new Map<string, string>();
  for (const [, data] of queryClient.getQueriesData<Record<string, string>>({ queryKey: [...scope, 'names'] }))
    for (const [id, name] of Object.entries(data ?? {})) known.set(id, name);
  const looked = new Set<string>();
  const current = new Map<string, string>();
  results.forEach((result, i) => {
    if (!result.data) return;
    for (const id of chunks[i]) looked.add(id);
    for (const [id, name] of Object.entries(result.data)) current.set(id, name);
  });
  const absent = (id: string) => looked.has(id) && !current.has(id);
  return { name: (id) => (absent(id) ? undefined : (current.get(id) ?? known.get(id))), absent };
}
