import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook may not reach (SSRF): unspecified, loopback, private, shared (CGNAT),
 * link-local, benchmarking, documentation, multicast and reserved ranges. ipaddr.js names the
 * special ranges; this list is kept as well, for the few it files under no name (192.0.0.0/24
 * stands in both, and so on): an address is public only when both agree.
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

/** Global unicast IPv6 (2000::/3): everything outside it is loopback, local, multicast or reserved. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * The IPv4 an IPv6 address carries, for the forms that reach that IPv4: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's well-known prefix
 * (64:ff9b::a.b.c.d, what DNS64 answers for an IPv4-only host) and 6to4 (2002:aabb:ccdd::).
 * Null for any other address; IPv4-compatible ::a.b.c.d (deprecated) is outside 2000::/3, refused.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const low = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const range = v6.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return low(p[6]!, p[7]!);
  if (range === 'rfc6052' && p[2] === 0) return low(p[6]!, p[7]!);
  if (range === '6to4') return low(p[1]!, p[2]!);
  return null;
}

function isPublicIPv4(v4: ipaddr.IPv4): boolean {
  return v4.range() === 'unicast' && !blocked.check(v4.toString(), 'ipv4');
}

/**
 * Is `address` (an IP, in any spelling) one a webhook may reach? An IPv6 address that carries an
 * IPv4 is judged by that IPv4 (issue #31: https://[::127.0.0.1]/, [::ffff:0:7f00:1] and
 * [2002:7f00:1::1] all reach 127.0.0.1); any other IPv6 must be global unicast and in no special
 * range: Teredo, NAT64's local-use prefix, ORCHID, benchmarking, documentation are refused.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4)
    return ipaddr.IPv4.isValidFourPartDecimal(address) && isPublicIPv4(ipaddr.IPv4.parse(address));
  if (family !== 6) return false;
  // ipaddr.js reads '::a.b.c.d' as IPv4-mapped; the WHATWG URL parser writes every IPv6 in hex
  // ('::808:808'), which ipaddr.js reads as written.
  // A zone ('fe80::1%eth0') is no URL host: refused with the rest of link-local.
  let v6: ipaddr.IPv6;
  try {
    v6 = ipaddr.IPv6.parse(new URL(`http://[${address}]/`).hostname.slice(1, -1));
  } catch {
    return false;
  }
  const v4 = embeddedIPv4(v6);
  if (v4) return isPublicIPv4(v4);
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
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
