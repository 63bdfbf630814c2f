import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach (SSRF): unspecified, loopback, private, shared (CGNAT),
 * link-local, benchmarking, documentation, multicast and reserved ranges, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Is `address` (an IP) one a webhook may reach? IPv4-mapped IPv6 is judged by its IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
}

/** Every address `hostname` resolves to (an IP literal is itself). */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family) return Promise.resolve([{ address: bare, family }]);
  return new Promise((resolve, reject) =>
    dnsLookup(bare, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** Refuses a host that resolves to any address a webhook may not reach. */
export async function checkHost(hostname: string): Promise<void> {
  const addresses = await resolveAll(hostname);
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  if (bad) throw new RefusedAddressError(`${hostname} resolves to ${bad.address}, a private address`);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that checks the addresses it answers, so the connection goes to
 * the address that was checked (a DNS answer that changes between a check and the connection,
 * "DNS rebinding", cannot slip a private address in).
 */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  resolveAll(hostname).then(
    (addresses) => {
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad) {
        callback(new RefusedAddressError(`${hostname} resolves to ${bad.address}, a private address`), []);
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (err: NodeJS.ErrnoException) => callback(err, []),
  );
}
