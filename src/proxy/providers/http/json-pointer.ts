/**
 * RFC 6901 JSON pointer resolution, for reading an upstream's usage out of its answer. The answer is
 * untrusted: only its own properties and array items are walked, never a prototype (a pointer
 * `/constructor` or `/__proto__` finds nothing unless the answer itself has that key), and a
 * pointer that leads nowhere is `undefined`, never an exception.
 */
export function resolveJsonPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node = document;
  for (const escaped of pointer.slice(1).split('/')) {
    // ~1 first, then ~0, as the RFC says: "~01" is the key "~1", not "/".
    const token = escaped.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) {
      // An array index is 0 or digits without a leading zero; "-" (past the end) finds nothing.
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      const index = Number(token);
      if (index >= node.length) return undefined;
      node = node[index] as unknown;
    } else if (typeof node === 'object' && node !== null) {
      if (!Object.hasOwn(node, token)) return undefined;
      node = (node as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return node;
}
