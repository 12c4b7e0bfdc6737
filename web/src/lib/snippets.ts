/**
 * The quick start's snippets, for the gateway this page is served from. test/web/quickstart.e2e-spec.ts
 * copies them out of the rendered page and runs them against a real gateway, as a reader would.
 */
import { version as SDK_VERSION } from '../../../sdk/package.json';

/** Bash: one call with curl; the key comes from $GATEWAY_KEY. */
export function curlCallSnippet(baseUrl: string): string {
  return [
    `curl -s ${baseUrl}/api/public/v1/text.generate \\`,
    `  -H "Authorization: Bearer $GATEWAY_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"input":"Write a haiku about gateways"}'`,
  ].join('\n');
}

/** Bash: the same call streamed as Server-Sent Events. */
export function curlStreamSnippet(baseUrl: string): string {
  return [
    `curl -N ${baseUrl}/api/public/v1/text.generate \\`,
    `  -H "Authorization: Bearer $GATEWAY_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"input":"Stream me a story","stream":true}'`,
  ].join('\n');
}

/** Bash: the limit headers of a call (what the next call may do). */
export function curlHeadersSnippet(baseUrl: string): string {
  return [
    `curl -s -o /dev/null -D - ${baseUrl}/api/public/v1/infra.dns \\`,
    `  -H "Authorization: Bearer $GATEWAY_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"domain":"example.com"}' | grep -i -E '^(x-ratelimit|ratelimit|x-service-request-id)'`,
  ].join('\n');
}

/**
 * Bash: installs the SDK from the gateway itself, which serves its npm tarball (web/scripts/pack-sdk.mjs
 * packs it at build time): nothing to publish, and the client always matches the gateway.
 */
export function sdkInstallSnippet(baseUrl: string): string {
  return `npm install ${sdkDownloadUrl(baseUrl)}`;
}

export function sdkDownloadUrl(baseUrl: string): string {
  return `${baseUrl}/downloads/unified-api-gateway-sdk-${SDK_VERSION}.tgz`;
}

/** Node 20+ (an ES module): the SDK's call and stream. */
export function sdkSnippet(baseUrl: string): string {
  return [
    `import { Gateway } from '@unified-api-gateway/sdk';`,
    ``,
    `const gateway = new Gateway({ apiKey: process.env.GATEWAY_KEY, baseUrl: '${baseUrl}' });`,
    ``,
    `const answer = await gateway.call('text.generate', { input: 'Write a haiku about gateways' });`,
    `console.log(answer.result, 'billed $' + answer.billedUsd, 'request', answer.requestId);`,
    ``,
    `for await (const event of gateway.stream('text.generate', { input: 'Stream me a story' })) {`,
    `  if (event.type === 'delta') process.stdout.write(event.delta);`,
    `}`,
    `console.log();`,
  ].join('\n');
}

/** Bash: one call of `slug` with `body` (a catalog endpoint page's example). */
export function curlEndpointSnippet(baseUrl: string, slug: string, body: Record<string, unknown>): string {
  return [
    `curl -s ${baseUrl}/api/public/v1/${slug} \\`,
    `  -H "Authorization: Bearer $GATEWAY_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${JSON.stringify(body).replace(/'/g, `'\\''`)}'`,
  ].join('\n');
}

/** Node 20+ (an ES module): the SDK's call of `slug` with `body`. */
export function sdkEndpointSnippet(baseUrl: string, slug: string, body: Record<string, unknown>): string {
  return [
    `import { Gateway } from '@unified-api-gateway/sdk';`,
    ``,
    `const gateway = new Gateway({ apiKey: process.env.GATEWAY_KEY, baseUrl: '${baseUrl}' });`,
    ``,
    `const answer = await gateway.call('${slug}', ${JSON.stringify(body, null, 2).replace(/\n/g, '\n')});`,
    `console.log(answer.result, 'billed $' + answer.billedUsd, 'request', answer.requestId);`,
  ].join('\n');
}
