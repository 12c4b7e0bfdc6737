/**
 * The API's validation problems (`details.problems` of a 400 invalid_request) placed next to the
 * fields they are about. Each problem names its property first, as the server's validator writes
 * it ("slug must be …", "upstreams.0.base_url must be a URL address"); a form maps those paths to
 * its fields, and whatever it cannot place stays in the error notice under the form.
 */
import { ApiError } from '../api/client';

export interface FieldProblems {
  /** The API's messages about one property path (exact, e.g. `slug` or `upstreams.0.base_url`). */
  of(this: void, path: string): string | null;
  /** Every message that a field shows, so the notice under the form does not repeat it. */
  placed: string[];
}

export function fieldProblems(error: unknown, paths: readonly string[]): FieldProblems {
  const problems = error instanceof ApiError && error.code === 'invalid_request' ? error.problems : [];
  const byPath = new Map<string, string[]>();
  for (const problem of problems) {
    const path = problem.split(' ', 1)[0];
    if (!paths.includes(path)) continue;
    byPath.set(path, [...(byPath.get(path) ?? []), problem]);
  }
  return {
    of: (path) => byPath.get(path)?.join('; ') ?? null,
    placed: [...byPath.values()].flat(),
  };
}
