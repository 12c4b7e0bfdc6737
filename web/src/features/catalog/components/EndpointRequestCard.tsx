/**
 * A public endpoint's request: its fields (the OpenAPI document's `x-slug-inputs` for the slug) and an
 * example call, with curl against this gateway and with the SDK.
 */
import type { PublicEndpointView } from '@unified-api-gateway/sdk';
import { CodeBlock } from '../../../components/CodeBlock';
import { Card, ErrorNotice, Loading } from '../../../components/ui';
import { curlEndpointSnippet, sdkEndpointSnippet } from '../../../lib/snippets';
import { FieldTable } from '../../reference/components/FieldTable';
import { fieldRows, slugInput } from '../../reference/openapi';
import { useOpenApiDocument } from '../../reference/queries';

export function EndpointRequestCard({ entry }: { entry: PublicEndpointView }) {
  const doc = useOpenApiDocument();
  if (doc.isPending) return <Loading label="Loading the request fields…" />;
  if (doc.isError) return <ErrorNotice error={doc.error} onRetry={() => void doc.refetch()} />;
  const schema = slugInput(doc.data, entry.slug);
  const rows = fieldRows(doc.data, schema).filter((row) => row.name !== 'model' || entry.models.length > 0);
  const alternatives = schema?.oneOf?.map((group) => (group.required ?? []).join(' + ')) ?? [];
  const example = (schema?.examples?.[0] as Record<string, unknown> | undefined) ?? {};
  const base = window.location.origin;
  return (
    <div className="stack">
      <Card
        title="Request fields"
        description={
          <>
            <code className="inline-code">POST /api/public/v1/{entry.slug}</code> with a JSON body
            {entry.streamable && (
              <>
                ; <code className="inline-code">&quot;stream&quot;: true</code> answers as Server-Sent Events
              </>
            )}
            .
          </>
        }
      >
        {schema ? (
          <>
            {alternatives.length > 0 && (
              <p data-testid="one-of">
                Send exactly one of:{' '}
                {alternatives.map((fields, i) => [
                  i > 0 && ' or ',
                  <code key={fields} className="inline-code">
                    {fields}
                  </code>,
                ])}
                .
              </p>
            )}
            <FieldTable caption={`Request fields of ${entry.slug}`} rows={rows} />
          </>
        ) : (
          <p className="muted">
            This endpoint takes the fields of the upstream that serves it: any JSON object, passed through. See the{' '}
            <a href="/docs/guide/api/calls">guide to calls</a>.
          </p>
        )}
      </Card>
      <Card title="Example request" description="With your key in $GATEWAY_KEY (create one in the console).">
        <CodeBlock
          language="bash"
          label={`Call ${entry.slug} with curl`}
          code={curlEndpointSnippet(base, entry.slug, example)}
          testId="snippet-curl"
        />
        <CodeBlock
          language="JavaScript (Node 20+)"
          label={`Call ${entry.slug} with the SDK`}
          code={sdkEndpointSnippet(base, entry.slug, example)}
          testId="snippet-sdk"
        />
      </Card>
    </div>
  );
}
