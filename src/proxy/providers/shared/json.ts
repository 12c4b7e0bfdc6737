/** A JSON object (not null, not an array): what every field of an upstream answer is checked with before it is read. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
