/**
 * Who a client is, for every per-client limit (the rate limits, the daily budget, BMO's sessions)
 * and for siteverify's `remoteip`: its address as Cloudflare saw it, an IPv6 one cut to its /64.
 */

/**
 * A client's address as Cloudflare saw it: `cf-connecting-ipv6` where Cloudflare's Pseudo IPv4
 * has put a made-up IPv4 address in `cf-connecting-ip` (each IPv6 address its own, so the /64
 * below would be lost), else `cf-connecting-ip`. A client cannot set either through Cloudflare;
 * other headers (X-Forwarded-For) are the client's own words and are not trusted.
 */
export function clientAddress(header: (name: string) => string | undefined): string | undefined {
  return header('cf-connecting-ipv6') || header('cf-connecting-ip');
}

/** The client a request comes from (`clientKey` of its `clientAddress`). */
export function requestClient(header: (name: string) => string | undefined): string {
  return clientKey(clientAddress(header));
}

/**
 * Who a client is, for rate limits: its address (`clientAddress`), with an IPv6 address cut to its
 * /64, since one subscriber holds a whole /64 and can rotate through it freely.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ip = address.trim();
  if (!ip.includes(':')) return ip;
  return `${ipv6Prefix64(ip) ?? ip.slice(0, 64)}::/64`;
}

/** The first four hextets of an IPv6 address, expanded and lower-cased, or undefined. */
export function ipv6Prefix64(address: string): string | undefined {
  const groups = ipv6Groups(address);
  return groups?.slice(0, 4).join(':');
}

/**
 * The networks a client's address belongs to, widest last, each with its key: an IPv6 address's
 * /64 (the client), /56 (a household's usual delegation) and /48 (a site's, or a tunnel broker's
 * whole allocation to one user); an IPv4 address itself and its /24. The per-client budget charges
 * the first three of IPv6 (budget.ts), so rotating through a /48's 65,536 /64s buys nothing more;
 * BMO's reserve counts sessions per `network`, the widest.
 */
export function clientNetworks(address: string | undefined): {
  client: string;
  wider: string[];
  network: string;
} {
  const client = clientKey(address);
  const groups = address?.includes(':') ? ipv6Groups(address.trim()) : undefined;
  if (groups) {
    const fourth = Number.parseInt(groups[3] ?? '0', 16) & 0xff00;
    const net56 = `${groups.slice(0, 3).join(':')}:${fourth.toString(16)}::/56`;
    const net48 = `${groups.slice(0, 3).join(':')}::/48`;
    return { client, wider: [net56, net48], network: net48 };
  }
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(address?.trim() ?? '');
  return { client, wider: [], network: v4 ? `${v4[1]}.0/24` : client };
}

/** The eight hextets of an IPv6 address, expanded (leading zeros dropped) and lower-cased. */
function ipv6Groups(address: string): string[] | undefined {
  const bare = address.split('%')[0] ?? '';
  const halves = bare.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) counts as two hextets.
  const tailCount = tail.reduce((sum, part) => sum + (part.includes('.') ? 2 : 1), 0);
  const missing = 8 - head.length - tailCount;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...tail];
  const first = groups.slice(0, 4);
  if (first.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
