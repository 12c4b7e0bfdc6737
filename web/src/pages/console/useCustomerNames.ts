import { resellerApi } from '../../api/reseller-api';
import { shortId } from '../../lib/format';
import { useNamesById } from '../../lib/use-names-by-id';

/**
 * Names of the tenant's customers for the ids on screen (keys, audit, usage rows carry only the id),
 * looked up by id however many customers the tenant has. Meanwhile a row shows the short id; a
 * customer the list no longer holds (deleted) shows its short id, marked deleted. No id: your own keys.
 */
export function useCustomerNames(ids: Iterable<string | null | undefined>, enabled = true) {
  const names = useNamesById({
    scope: ['customers'],
    ids,
    fetch: (chunk) => resellerApi.customers.list({ ids: chunk, limit: chunk.length }),
    nameOf: (customer) => customer.name,
    enabled,
  });
  return (id: string | null | undefined) => {
    if (!id) return 'Your own keys';
    if (names.absent(id)) return `${shortId(id)} (deleted)`;
    return names.name(id) ?? shortId(id);
  };
}
