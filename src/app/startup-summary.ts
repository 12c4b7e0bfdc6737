/** Where a fresh install's first operator is created (a page of the web app, outside the admin frame); the token goes in the fragment. */
export const FIRST_OPERATOR_SETUP_PATH = '/admin/setup';

/**
 * The last lines of the start-up log: where the website, the console, the admin area and the API
 * reference are, and, while no operator exists, the one-time link that creates the first one. They
 * come after Nest's route lines, so an operator sees them without scrolling.
 */
export function startupSummary(base: string, setupLink: { token: string; expiresAt: Date } | null): string[] {
  const lines = [`website: ${base}/`, `console: ${base}/console`, `admin area: ${base}/admin`, `API reference: ${base}/docs`];
  if (setupLink) {
    lines.push(
      `no operator exists yet: create the first one at ${base}${FIRST_OPERATOR_SETUP_PATH}#token=${setupLink.token} ` +
        `(single use, until ${setupLink.expiresAt.toISOString()}; a restart prints a new link; the admin token works there too)`,
    );
  }
  return lines;
}

/** The base of the URLs above: CONSOLE_ORIGIN when set (the address people use), else the address the gateway listens on. */
export function publicBase(consoleOrigin: string | undefined, host: string, port: number): string {
  if (consoleOrigin) return consoleOrigin;
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}
