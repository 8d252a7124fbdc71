/**
 * Where the sandbox will send webhooks (docs/api-contract.md, "Webhook URLs in the sandbox").
 *
 * Loopback stays allowed on any port: the receivers people test against (n8n, a Zap's local runner, our own
 * tests, `listen`) all run on 127.0.0.1 on ports of their own. Refused: link-local addresses (169.254.0.0/16,
 * fe80::/10, where cloud metadata services answer with credentials), unspecified, multicast and broadcast
 * addresses, and the sandbox's own port, so the delivery log cannot be used to read the metadata service
 * or to make the sandbox call itself. The rule is applied to the URL when it is registered and again to the
 * address a host name resolves to when each delivery connects.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Problem } from './problems';

const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);
const LOOPBACK_NAMES = new Set(['localhost', '0.0.0.0', '::', '::1']);

/** An IPv4 address, also written IPv4-mapped in IPv6 (URL parsing turns ::ffff:169.254.169.254 into ::ffff:a9fe:a9fe). */
function ipv4Parts(address: string): number[] | undefined {
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) return hex.slice(1).flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const text = mapped ? mapped[1] : address;
  return isIP(text) === 4 ? text.split('.').map(Number) : undefined;
}

/** Why the sandbox will not connect to this IP address, or undefined when it will. */
export function forbiddenAddress(address: string): string | undefined {
  const v4 = ipv4Parts(address);
  if (v4) {
    if (v4[0] === 169 && v4[1] === 254) return 'a link-local address (169.254.0.0/16, where cloud metadata services answer)';
    if (v4.every((part) => part === 0)) return 'the unspecified address 0.0.0.0';
    if (v4[0] >= 224) return 'a multicast or broadcast address';
    return undefined;
  }
  const v6 = address.toLowerCase();
  if (/^fe[89ab][0-9a-f]:/.test(v6)) return 'a link-local address (fe80::/10)';
  if (v6 === '::') return 'the unspecified address ::';
  if (v6.startsWith('ff')) return 'a multicast address';
  return undefined;
}

function isLoopback(host: string): boolean {
  const v4 = ipv4Parts(host);
  return LOOPBACK_NAMES.has(host) || host.endsWith('.localhost') || (v4 !== undefined && v4[0] === 127);
}

const refuse = (message: string) => {
  throw new Problem(422, 'validation_failed', message, [{ param: 'url', message }]);
};

/** Throws the 422 naming the URL field when the sandbox will not deliver to `raw`. */
export function checkWebhookUrl(raw: string, ownPort: number): void {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (url.username || url.password) refuse('Webhook URL must not carry a user name or password; put a secret in the path instead');
  if (METADATA_NAMES.has(host)) refuse(`Webhook URL must not point at a cloud metadata service (${host})`);
  if (host === '0.0.0.0' || host === '::') refuse(`Webhook URL must name a host, not ${host}; for a receiver on this machine use 127.0.0.1`);
  const why = isIP(host) ? forbiddenAddress(host) : undefined;
  if (why) refuse(`Webhook URL must not point at ${why}; use your receiver's address, e.g. http://127.0.0.1:5678/webhook`);
  if (isLoopback(host) && port === ownPort) {
    refuse(`Webhook URL must not point at the sandbox itself (port ${ownPort}); use your receiver's port`);
  }
}

/** dns.lookup that refuses the addresses above, for the delivery's HTTP request (a name may resolve to 169.254.x). */
export function guardedLookup(hostname: string, options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.map((a) => forbiddenAddress(a.address)).find(Boolean);
    if (bad) return callback(Object.assign(new Error(`${hostname} resolves to ${bad}; the sandbox does not deliver there`),
      { code: 'EFORBIDDENADDRESS' }), '', 0);
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
