import type { ProviderKindDefinition } from '../../provider-kind';
import { HttpProvider } from './http.provider';

/** A generic JSON-over-HTTP upstream that speaks the gateway's own contract (http.provider.ts). */
export const HTTP_KIND: ProviderKindDefinition = {
  label: 'HTTP',
  needsBaseUrl: true,
  // The upstream names its own header and scheme; without them no secret is sent.
  defaultAuth: null,
  streams: false,
  serves: 'every slug',
  create: ({ limits }) => new HttpProvider(limits),
};
