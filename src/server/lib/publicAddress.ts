import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';

import ipaddr from 'ipaddr.js';

/**
 * Guards for calls the server makes to addresses someone else chose (an alert webhook, an OAuth
 * client's metadata document): they may reach the public internet only, never the server's own
 * network (SSRF). Shared so every such call applies the same rule.
 */

/** The address ranges such a call may reach: public unicast only. */
const PUBLIC_RANGE = 'unicast';

/** True for a public unicast address (not private, loopback, link-local, multicast, reserved...). */
export const isPublicAddress = (address: string): boolean => ipaddr.process(address).range() === PUBLIC_RANGE;

/** The error code a refused lookup fails with, so callers can say why in their own words. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATE';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the connection itself that only hands back public addresses (any address for
 * a host the operator allows). The address checked is the address connected to: a host whose DNS
 * changes between the check before the call and the connection (DNS rebinding) cannot lead the
 * call inside the network.
 */
export function publicOnlyLookup(
  allowHosts: readonly string[],
  refusal = 'The address is not on the public internet.',
) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowHosts.includes(hostname.toLowerCase())
        ? addresses
        : addresses.filter((entry) => isPublicAddress(entry.address));
      if (!usable.length) return callback(Object.assign(new Error(refusal), { code: PRIVATE_ADDRESS_CODE }), []);
      if (options.all) return callback(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };
}

/**
 * Whether a host (a name or a literal address, IPv6 with or without brackets) points only at
 * public addresses now: 'public', 'private' (at least one address is not public), or 'unresolved'.
 * A check before the call, for a clear answer; the connection's own lookup checks again.
 */
export async function hostReach(hostname: string): Promise<'public' | 'private' | 'unresolved'> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return 'unresolved';
  }
  return addresses.length > 0 && addresses.every(isPublicAddress) ? 'public' : 'private';
}
