/**
 * The gateway's OpenAPI document (/docs/openapi.json, what Swagger UI at /docs reads), for the API
 * reference and the catalog's endpoint pages. Not an API of the SDK: a plain same-origin GET of a
 * document that changes only with a deployment, so it is kept for the page's life.
 */
import { useQuery } from '@tanstack/react-query';
import type { OpenApiDocument } from './openapi';

export const OPENAPI_DOCUMENT_PATH = '/docs/openapi.json';

export const openApiKeys = {
  document: ['docs', 'openapi'] as const,
};

async function loadDocument(): Promise<OpenApiDocument> {
  const res = await fetch(OPENAPI_DOCUMENT_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`The API reference could not be loaded (HTTP ${res.status}).`);
  return (await res.json()) as OpenApiDocument;
}

export function useOpenApiDocument() {
  return useQuery({ queryKey: openApiKeys.document, queryFn: loadDocument, staleTime: Infinity });
}
