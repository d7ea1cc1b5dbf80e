import { isIP } from 'node:net';

/**
 * Which addresses a server-side request to a URL someone typed may reach (guarded-fetch.ts):
 * public unicast only. Refused: unspecified, loopback, private (RFC 1918), shared address space
 * (CGNAT 100.64/10), link-local (169.254/16 with the cloud metadata address, fe80::/10),
 * unique-local (fc00::/7), multicast, reserved and documentation ranges, and IPv6 forms that
 * carry one of those IPv4 addresses (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 */

/** [first address bytes, prefix length, why] */
type Range = [number[], number, string];

const V4_RANGES: Range[] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link_local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const v6 = (...groups: number[]) => groups.flatMap((g) => [g >> 8, g & 255]);

const V6_RANGES: Range[] = [
  [v6(0, 0, 0, 0, 0, 0, 0, 0), 128, 'unspecified'],
  [v6(0, 0, 0, 0, 0, 0, 0, 1), 128, 'loopback'],
  [v6(0x64, 0xff9b, 1), 48, 'reserved'],
  [v6(0x100), 64, 'reserved'],
  // Teredo hides an IPv4 address, obfuscated: never needed to reach an identity provider.
  [v6(0x2001, 0), 32, 'reserved'],
  [v6(0x2001, 0xdb8), 32, 'reserved'],
  [v6(0xfc00), 7, 'unique_local'],
  [v6(0xfe80), 10, 'link_local'],
  [v6(0xfec0), 10, 'link_local'],
  [v6(0xff00), 8, 'multicast'],
];

/** Host names of cloud metadata services (they resolve to link-local addresses, refused anyway). */
export const METADATA_HOSTNAMES = [
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'localhost',
];

function inRange(bytes: number[], [first, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i]! & mask) !== (first[i]! & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The 16 bytes of an IPv6 address (brackets and zone allowed), or undefined. */
export function ipv6Bytes(text: string): number[] | undefined {
  let s = text
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const b = ipv4Bytes(dotted[1]!);
    if (!b) return undefined;
    s = `${s.slice(0, -dotted[1]!.length)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? fill : 0).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return v6(...groups.map((g) => parseInt(g, 16)));
}

function v4Reason(bytes: number[]): string | undefined {
  return V4_RANGES.find((range) => inRange(bytes, range))?.[2];
}

/**
 * Why this IP address is refused as the target of a request to a typed URL, or undefined when it
 * is a public unicast address. Anything that is not an IP address is refused (`invalid`).
 */
export function blockedAddressReason(address: string): string | undefined {
  const plain = address.replace(/^\[|\]$/g, '');
  const family = isIP(plain.split('%')[0]!);
  if (family === 4) return v4Reason(ipv4Bytes(plain)!);
  if (family !== 6) return 'invalid';
  const bytes = ipv6Bytes(plain);
  if (!bytes) return 'invalid';
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): the IPv4 inside.
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = zeros(0, 12) && !zeros(12, 14);
  const nat64 = inRange(bytes, [v6(0x64, 0xff9b), 96, '']);
  if (mapped || compatible || nat64)
    return v4Reason(bytes.slice(12)) ?? (compatible ? 'reserved' : undefined);
  // 2002:a.b.c.d::/48 (6to4): the IPv4 address of the relay.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    const inner = v4Reason(bytes.slice(2, 6));
    if (inner) return inner;
  }
  return V6_RANGES.find((range) => inRange(bytes, range))?.[2];
}

/** Whether a host name names a metadata service or the local machine by name. */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return METADATA_HOSTNAMES.includes(name) || name.endsWith('.localhost');
}
