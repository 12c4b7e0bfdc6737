/** Disable an endpoint (asks first: every call is refused at once) or enable it again. */
import type { CatalogEntryView } from '@unified-api-gateway/sdk';
import { ActionButton } from '../../../components/ActionButton';
import { useSetEnabled } from '../queries';

export function ToggleEndpointButton({ entry }: { entry: CatalogEntryView }) {
  const setEnabled = useSetEnabled(entry.slug);
  return entry.enabled ? (
    <ActionButton
      action={setEnabled}
      variables={false}
      className="btn btn-danger-outline"
      confirm={{
        title: `Disable ${entry.slug}?`,
        body: 'Every call to it is answered 503 endpoint_disabled, on every gateway process, until you enable it again. It leaves the public catalog.',
        confirmLabel: 'Disable endpoint',
      }}
    >
      Disable
    </ActionButton>
  ) : (
    <ActionButton action={setEnabled} variables={true} className="btn btn-primary">
      Enable
    </ActionButton>
  );
}
