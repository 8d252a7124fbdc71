import { isIP } from 'node:net';

/**
 * DNS rebinding: a web page on attacker.example can make its name resolve to 127.0.0.1 and then call the
 * sandbox from the victim's browser as a same-origin page. Such requests carry `Host: attacker.example`, so
 * the sandbox answers only requests whose Host is an IP address (a name no one can rebind), `localhost`
 * (or a `*.localhost` name, which never leaves the machine), or a name allowed with `--allow-host`.
 */
export function hostAllowed(hostHeader: string | undefined, extra: readonly string[]): boolean {
  if (!hostHeader) return false;
  const host = hostHeader
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (isIP(host)) return true;
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return extra.some((allowed) => allowed.toLowerCase() === host);
}

export function hostRefusal(hostHeader: string | undefined): string {
  const shown = (hostHeader ?? '').slice(0, 100);
  return hostHeader
    ? `The sandbox answers only requests addressed to localhost or an IP address, not to "${shown}" (a guard against ` +
        'DNS rebinding). Use http://127.0.0.1:<port>, or start the sandbox with --allow-host <name> to allow this name.'
    : 'The request has no Host header; send one (e.g. Host: 127.0.0.1:4010).';
}
