import net from 'node:net';

/**
 * The key a limit counts a client address under (issue 29): an IPv4 address as it is, and an IPv6
 * address by its /64 network. A phone or home line is given a whole /64 and may use any address in
 * it, so counting each IPv6 address alone would let one customer walk past every limit; the /64 is
 * the smallest block one customer is given. An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, what
 * a dual-stack socket reports) counts as the IPv4 address. Anything else (a test's label, a proxy's
 * odd value) is used as given, so it still counts, alone.
 */
export function clientAddressKey(ip: string): string {
  const address = withoutPort(ip.trim().toLowerCase()).replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && net.isIPv4(mapped[1]!)) return mapped[1]!;
  if (net.isIPv4(address)) return address;
  if (!net.isIPv6(address)) return ip;
  const groups = expandIpv6(address).map((group) => group.replace(/^0+(?=.)/, ''));
  // An IPv4 address inside IPv6, written in hex (::ffff:cb00:7107) or the old compatible way
  // (::203.0.113.7, but not ::1): the IPv4 address, not the shared 0:0:0:0 network.
  const isInside = groups.slice(0, 5).every((group) => group === '0') && (groups[5] === 'ffff' || (groups[5] === '0' && groups[6] !== '0'));
  if (isInside) return ipv4Of(groups[6]!, groups[7]!);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** An address as a proxy may write it with its port: `203.0.113.7:5678`, `[2001:db8::1]:443`. */
function withoutPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4WithPort ? ipv4WithPort[1]! : address;
}

/** Dotted IPv4 from the last two 16-bit groups of an IPv6 address. */
function ipv4Of(high: string, low: string): string {
  const [a, b] = [Number.parseInt(high, 16), Number.parseInt(low, 16)];
  return [a >> 8, a & 0xff, b >> 8, b & 0xff].join('.');
}

/** The rate-limit bucket of one limit for one client address: `<name>:ip:<clientAddressKey>`. */
export function addressBucket(name: string, ip: string): string {
  return `${name}:ip:${clientAddressKey(ip)}`;
}

/** The eight 16-bit groups of a valid IPv6 address, as hex without leading zeros kept. */
function expandIpv6(address: string): string[] {
  let text = address;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 and the like here) becomes two groups.
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  if (tail === undefined) return headGroups;
  const tailGroups = tail ? tail.split(':') : [];
  return [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
}
