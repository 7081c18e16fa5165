import { isIP } from 'node:net';

/** True for a connection from this machine (IPv4 127/8, IPv6 ::1, or IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/**
 * True for a host name that can only mean this machine, as a WHATWG URL spells it (lower case,
 * IPv4 in dotted quads, IPv6 in brackets): `localhost` and names under `.localhost` (RFC 6761
 * reserves them for loopback, so no one can point them elsewhere by DNS), 127/8 and `[::1]`. A
 * DNS-rebinding page can send none of them: its Host is always a name its author registered.
 * The unspecified addresses `0.0.0.0` and `[::]` count only when `unspecified` says so (a simulator
 * listening on every interface, which prints them): browsers have sent pages' requests to
 * 0.0.0.0 ("0.0.0.0 day"), so a loopback-only simulator does not take them.
 */
export function isLoopbackHostname(hostname: string, unspecified = false): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.') || (unspecified && name === '0.0.0.0');
  if (name.startsWith('[') && name.endsWith(']')) {
    const v6 = name.slice(1, -1);
    return v6 === '::1' || (unspecified && v6 === '::') || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(v6);
  }
  return false;
}

/** Whether a listening address is an unspecified one (every interface). */
export function isUnspecifiedAddress(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}
