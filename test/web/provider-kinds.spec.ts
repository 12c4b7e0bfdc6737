import { PROVIDER_KIND_NAMES, PROVIDER_KINDS } from '../../src/proxy/provider-kinds';
import { PROVIDER_KIND_OPTIONS, PROVIDER_KINDS as WEB_PROVIDER_KINDS } from '../../web/src/lib/provider-kinds';

/** The admin editor offers the server's provider kinds, in its registry's labels, with its base_url rule. */
describe('provider kinds in the admin editor', () => {
  it('are the registry of the server, kind for kind', () => {
    const server = Object.fromEntries(
      PROVIDER_KIND_NAMES.map((kind) => [kind, { label: PROVIDER_KINDS[kind].label, needsBaseUrl: PROVIDER_KINDS[kind].needsBaseUrl }]),
    );
    expect(WEB_PROVIDER_KINDS).toEqual(server);
    expect(PROVIDER_KIND_OPTIONS.map((o) => o.value)).toEqual(PROVIDER_KIND_NAMES);
  });
});
