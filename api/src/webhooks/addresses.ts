import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent (DESIGN §15, docs/webhooks.md#addresses): public unicast addresses
 * only. Loopback, private, link-local (the clouds' metadata service), carrier-grade NAT, multicast
 * and reserved ones are refused, also when written as an IPv4-mapped IPv6 address, unless the
 * host is one of WEBHOOK_ALLOWED_HOSTS. A name is resolved at each send, and the connection goes to
 * the address that was checked, so a name cannot be pointed elsewhere between check and send.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/** A URL's host as the allow-list and the address checks read it: lower case, an IPv6 literal without brackets. */
export const hostOf = (url: URL): string => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export const isAllowedHost = (host: string, allowed: readonly string[]): boolean => allowed.includes(host);

/** Why a send did not go: its host is not one a webhook may reach. */
export class AddressRefused extends Error {
  constructor(host: string, addresses: readonly string[]) {
    super(`address_refused: ${host} is ${addresses.length > 0 ? addresses.join(', ') : 'no address'}, not a public address`);
  }
}

/**
 * The refusal of a URL whose host is an address (no name to resolve), before any connection;
 * undefined for a name (checked at resolution by guardedLookup) or an allowed host.
 */
export function literalRefusal(url: URL, allowed: readonly string[]): AddressRefused | undefined {
  const host = hostOf(url);
  if (isAllowedHost(host, allowed) || !isIP(host) || isPublicAddress(host)) return undefined;
  return new AddressRefused(host, [host]);
}

/** The resolver a send connects through: the host's public addresses only, every one of them checked. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, '', 0);
      return;
    }
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    if (usable.length === 0) {
      callback(new AddressRefused(hostname, addresses.map((entry) => entry.address)), '', 0);
      return;
    }
    if (options.all) (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  });
};
