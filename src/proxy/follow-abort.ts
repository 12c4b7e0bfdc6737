/**
 * A controller that aborts when `parent` does, and can also be aborted on its own. A plain listener
 * rather than AbortSignal.any, which keeps weak references and a finalizer per signal for as long
 * as a stream lives.
 */
export function followAbort(parent: AbortSignal): AbortController {
  const child = new AbortController();
  if (parent.aborted) child.abort();
  else parent.addEventListener('abort', () => child.abort(), { once: true });
  return child;
}
