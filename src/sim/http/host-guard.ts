import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackHostname } from './loopback.js';

/**
 * Refuses what a web page in a browser on this machine could send to the simulator. Its clients
 * (paycfg, undici, fetch in Node, curl) send `Host: 127.0.0.1:PORT` or `localhost:PORT` and no
 * `Origin`; a browser adds `Origin` and `Sec-Fetch-Site`. Two attacks are shut out:
 * - DNS rebinding: a page whose own name now resolves to 127.0.0.1 reads the simulator as if it
 *   were its own site. The browser sends the page's name as `Host`, so a non-loopback Host is
 *   refused wherever the connection itself came over loopback.
 * - Cross-site requests: a form or `fetch(..., {mode: 'no-cors'})` from another site (or another
 *   port of localhost) can POST without reading the answer. Only same-origin requests and ones
 *   the user typed (`Sec-Fetch-Site: none`) pass, and an `Origin` must be the Host's own origin.
 */
export interface GuardedRequest {
  readonly headers: IncomingHttpHeaders;
  /** true when the Host must be a loopback name: every /_sim/ request, and /api over loopback */
  readonly loopbackHostRequired: boolean;
  /** The simulator listens on every interface, so 0.0.0.0 and [::] name it too. */
  readonly listensOnAllInterfaces: boolean;
}

/** Why the request is refused (for a 403 body), or undefined when it may proceed. */
export function browserRefusal({ headers, loopbackHostRequired, listensOnAllInterfaces }: GuardedRequest): string | undefined {
  const host = parseHost(headers.host);
  if (host === undefined) return `the Host header ${quote(headers.host)} is not a host name with an optional port`;
  if (loopbackHostRequired && !isLoopbackHostname(host.hostname, listensOnAllInterfaces)) {
    return (
      `the Host header ${quote(headers.host)} is not a loopback name; over loopback the simulator answers only ` +
      `localhost, *.localhost, 127.x.x.x${listensOnAllInterfaces ? ', [::1] or 0.0.0.0' : ' or [::1]'} ` +
      '(a page whose DNS name was rebound to this machine sends its own name)'
    );
  }
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `Sec-Fetch-Site ${quote(site)}: the simulator answers no request a page of another site or port made`;
  }
  const origin = headers.origin;
  // Browsers serialise an Origin the way a URL spells its host, so the comparison is exact.
  if (origin !== undefined && origin !== `http://${host.host}`) {
    return `Origin ${quote(origin)} is not the simulator's own origin (http://${host.host}): it answers no cross-origin request`;
  }
  return undefined;
}

interface ParsedHost {
  /** as a URL spells it: lower case, IPv4 in dotted quads, IPv6 in brackets */
  readonly hostname: string;
  /** hostname and port, the default port 80 left out (as an Origin spells it) */
  readonly host: string;
}

// A host, an IPv6 literal in brackets, then an optional port: nothing that a URL would read as a
// user, path, query or fragment.
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(?::\d{1,5})?$/;

function parseHost(header: string | undefined): ParsedHost | undefined {
  if (header === undefined || !HOST_HEADER.test(header)) return undefined;
  try {
    const url = new URL(`http://${header}`);
    return { hostname: url.hostname, host: url.host };
  } catch {
    return undefined;
  }
}

/** A header an attacker chose, quoted and cut short for the error message. */
function quote(value: string | undefined): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}
