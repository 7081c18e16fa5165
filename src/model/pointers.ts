/**
 * Pointers into a plan: `<address>#/<field>/<sub>...`, with JSON Pointer escaping of the path
 * (RFC 6901). They name secret values without holding them.
 */
/** `device/m/t#/acquirerFields/host-a/tid` → address and path segments. */
export function splitPointer(pointer: string): { address: string; path: string[] } {
  const hash = pointer.indexOf('#/');
  return {
    address: pointer.slice(0, hash),
    path: pointer
      .slice(hash + 2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')),
  };
}

export function joinPointer(address: string, path: readonly (string | number)[]): string {
  return `${address}#/${path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

export function baseAddress(address: string): string {
  return address.replace(/#(old|detach)$/, '');
}
