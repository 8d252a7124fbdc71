/**
 * Where the sandbox will send webhooks (docs/api-contract.md, "Webhook URLs in the sandbox").
 *
 * Loopback stays allowed on any port: the receivers people test against (n8n, a Zap's local runner, our own
 * tests, `listen`) all run on 127.0.0.1 on ports of their own. Refused: link-local addresses (169.254.0.0/16,
 * fe80::/10, where cloud metadata services answer with credentials), unspecified, multicast and broadcast
 * addresses, and the sandbox's own port, so the delivery log cannot be used to read the metadata service
 * or to make the sandbox call itself. The rule is applied here to the URL when it is registered, and by
 * delivery/addressGuard.ts to the address a host name resolves to when each delivery connects.
 */
import { isIP } from 'node:net';
import { fieldLabel } from '../../shared';
import { forbiddenAddress, ipv4Parts } from '../delivery/addressGuard';
import { Problem } from './problems';

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);
const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '::', '::1']);

function isLoopback(host: string): boolean {
  const v4 = ipv4Parts(host);
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || (v4 !== undefined && v4[0] === 127);
}

/** `why` follows the field's label: "Webhook URL must not …". */
const refuse = (why: string) => {
  const message = `${fieldLabel('url')} ${why}`;
  throw new Problem(422, 'validation_failed', message, [{ param: 'url', message }]);
};

/** Throws the 422 naming the URL field when the sandbox will not deliver to `raw`. */
export function checkWebhookUrl(raw: string, ownPort: number): void {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (url.username || url.password) refuse('must not carry a user name or password; put a secret in the path instead');
  if (METADATA_NAMES.has(host)) refuse(`must not point at a cloud metadata service (${host})`);
  if (host === '0.0.0.0' || host === '::')
    refuse(`must name a host, not ${host}; for a receiver on this machine use 127.0.0.1`);
  const why = isIP(host) ? forbiddenAddress(host) : undefined;
  if (why) refuse(`must not point at ${why}; use your receiver's address, e.g. http://127.0.0.1:5678/webhook`);
  if (isLoopback(host) && port === ownPort) {
    refuse(`must not point at the sandbox itself (port ${ownPort}); use your receiver's port`);
  }
}
