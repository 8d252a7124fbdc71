/**
 * The addresses the sandbox never connects to (docs/api-contract.md, "Webhook URLs in the sandbox"):
 * link-local (169.254.0.0/16, fe80::/10, where cloud metadata services answer with credentials),
 * unspecified, multicast and broadcast. Checked on a URL when it is registered (domain/webhookUrls.ts) and
 * again on the address a host name resolves to when each delivery connects, since a name may resolve to one.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';

/**
 * An IPv4 address, also written IPv4-mapped in IPv6
 * (URL parsing turns ::ffff:169.254.169.254 into ::ffff:a9fe:a9fe).
 */
export function ipv4Parts(address: string): number[] | undefined {
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
    if (v4[0] === 169 && v4[1] === 254)
      return 'a link-local address (169.254.0.0/16, where cloud metadata services answer)';
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

/** dns.lookup that refuses the addresses above, for the delivery's HTTP request (a name may resolve to 169.254.x). */
export function guardedLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    const bad = list.map((a) => forbiddenAddress(a.address)).find(Boolean);
    if (bad)
      return callback(
        Object.assign(new Error(`${hostname} resolves to ${bad}; the sandbox does not deliver there`), {
          code: 'EFORBIDDENADDRESS',
        }),
        '',
        0,
      );
    if (options.all) return callback(null, list);
    return callback(null, list[0].address, list[0].family);
  });
}
