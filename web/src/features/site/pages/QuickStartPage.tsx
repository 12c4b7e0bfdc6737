/** From nothing to a first call: an account, a key, then curl or the SDK. */
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/CodeBlock';
import { PageHeader } from '../../../components/ui';
import {
  curlCallSnippet,
  curlHeadersSnippet,
  curlStreamSnippet,
  sdkDownloadUrl,
  sdkInstallSnippet,
  sdkSnippet,
} from '../../../lib/snippets';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function QuickStartPage() {
  useDocumentTitle('Quick start');
  const base = window.location.origin;
  return (
    <>
      <PageHeader
        title="Quick start"
        description="Three steps to your first call. Every example below runs as shown against this gateway."
      />
      <ol className="steps">
        <li>
          <h2>Create an account and a key</h2>
          <p>
            <Link to="/signup">Sign up</Link> (or <Link to="/signin">sign in</Link>), open <strong>Keys</strong> in the console and create a
            key. It starts with <code className="inline-code">gw_</code> and is shown once: copy it, then put it in an environment variable:
          </p>
          <CodeBlock language="bash" label="Set your key" code={`export GATEWAY_KEY='paste your key here'`} />
        </li>
        <li>
          <h2>Call an endpoint with curl</h2>
          <p>
            Every endpoint of the <Link to="/catalog">catalog</Link> is{' '}
            <code className="inline-code">POST /api/public/v1/&#123;slug&#125;</code> with a JSON body. The answer says what the call cost (
            <code className="inline-code">billed_usd</code>) and carries the request id of its audit record.
          </p>
          <CodeBlock language="bash" label="Call text.generate with curl" code={curlCallSnippet(base)} testId="snippet-curl-call" />
          <p>Generations can stream as Server-Sent Events:</p>
          <CodeBlock language="bash" label="Stream text.generate with curl" code={curlStreamSnippet(base)} testId="snippet-curl-stream" />
          <p>Every answer carries your rate-limit state:</p>
          <CodeBlock language="bash" label="Read the rate-limit headers" code={curlHeadersSnippet(base)} testId="snippet-curl-headers" />
        </li>
        <li>
          <h2>Or use the SDK</h2>
          <p>
            The TypeScript SDK (Node 20+ and browsers, no dependencies) types every known endpoint, streams, and throws typed errors. This
            gateway serves it (
            <a href={sdkDownloadUrl('')} download>
              download the package
            </a>
            ); install it in your project:
          </p>
          <CodeBlock language="bash" label="Install the SDK" code={sdkInstallSnippet(base)} testId="snippet-sdk-install" />
          <p>
            Save this as <code className="inline-code">first-call.mjs</code> beside it and run{' '}
            <code className="inline-code">node first-call.mjs</code>:
          </p>
          <CodeBlock language="JavaScript (Node 20+)" label="Call and stream with the SDK" code={sdkSnippet(base)} testId="snippet-sdk" />
          <p className="muted">
            Errors have stable codes (<code className="inline-code">rate_limited</code>,{' '}
            <code className="inline-code">budget_exceeded</code>, …): see the <a href="/docs">API reference</a>.
          </p>
        </li>
      </ol>
    </>
  );
}
