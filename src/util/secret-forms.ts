/**
 * The texts a secret can take once something has encoded it: a service that echoes a request body
 * shows the secret JSON-escaped, a proxy log shows it URL-encoded, a header or a blob shows it in
 * base64. Masking only the raw text would let every one of these through.
 *
 * Each form is a literal string, matched as it is: no form is a pattern, so masking stays linear in
 * the text whatever the secret holds. What is covered, and what cannot be, is listed in
 * docs/security.md ("Which encodings are masked") and in the comments below.
 */

/**
 * Shortest base64 run matched for a secret encoded inside a larger base64 text. Shorter runs would
 * turn up by chance in ordinary words and ids and mask them; the secret encoded alone is matched
 * at any length.
 */
export const MIN_BASE64_RUN = 6;

const HEX = '0123456789ABCDEF';

function hex2(byte: number): string {
  return HEX[byte >> 4]! + HEX[byte & 15]!;
}

function u4(unit: number): string {
  return `\\u${unit.toString(16).padStart(4, '0')}`;
}

/** The inside of JSON.stringify(secret): what a JSON string holds between its quotes. */
function jsonInner(secret: string): string {
  return JSON.stringify(secret).slice(1, -1);
}

/**
 * JSON as encoders other than JSON.stringify write it: every non-ASCII character as \uXXXX
 * (Python's json.dumps, Java's Jackson with ASCII escaping) and `/` as `\/` (PHP's json_encode).
 */
function jsonVariants(secret: string): string[] {
  const inner = jsonInner(secret);
  const ascii = inner.replace(/[^\x20-\x7e]/g, (c) => u4(c.charCodeAt(0)));
  const variants = [inner, ascii, inner.replace(/\//g, '\\/'), ascii.replace(/\//g, '\\/')];
  // Hex digits in either case: Python writes \u00e9, others \u00E9.
  for (const text of [...variants]) variants.push(text.replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => `\\u${h.toUpperCase()}`));
  return variants;
}

/**
 * Percent-encodings: encodeURIComponent (keeps `!'()*~`), the form encoding of URLSearchParams
 * and HTML forms (space as `+`, `!'()~` escaped), and RFC 3986 strict (everything but unreserved
 * characters escaped, space as %20); each with upper- and lower-case hex digits.
 */
function urlVariants(secret: string): string[] {
  const component = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const strict = [...Buffer.from(secret, 'utf8')]
    .map((byte) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${hex2(byte)}`))
    .join('');
  const variants = [component, form, form.replace(/\+/g, '%20'), strict];
  for (const text of [...variants]) variants.push(text.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  return variants;
}

/**
 * Base64 of `bytes`: encoded alone (padded and unpadded), and the runs that any base64 text
 * holding these bytes must contain whatever their offset in it. Base64 turns each 3 bytes into 4
 * characters, so bytes that start 0, 1 or 2 bytes into a group give three different encodings;
 * for each, the characters that depend on the secret's bits alone are kept (the first and last
 * ones also hold neighbouring bytes). Standard and URL-safe alphabets both.
 */
function base64Variants(bytes: Buffer): string[] {
  const variants: string[] = [];
  const alone = bytes.toString('base64');
  variants.push(alone, alone.replace(/=+$/, ''));
  const bits = bytes.length * 8;
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = Math.ceil((offset * 8) / 6);
    const end = Math.floor((offset * 8 + bits) / 6);
    const run = encoded.slice(start, end);
    if (run.length >= MIN_BASE64_RUN) variants.push(run);
  }
  for (const text of [...variants]) variants.push(text.replace(/\+/g, '-').replace(/\//g, '_'));
  return variants;
}

/**
 * Every text of `secret` to mask, longest first: raw; JSON-escaped (once, and twice for a body
 * echoed inside a JSON string); URL-encoded, also of the JSON-escaped text (a JSON body in a query);
 * base64 of the raw text and of its JSON-escaped text (a JSON body encoded whole).
 */
export function secretForms(secret: string): string[] {
  if (secret === '') return [];
  const forms = new Set<string>([secret]);
  const json = jsonVariants(secret);
  for (const text of json) forms.add(text);
  for (const text of jsonVariants(jsonInner(secret))) forms.add(text);
  for (const text of new Set([secret, jsonInner(secret)])) {
    for (const encoded of urlVariants(text)) forms.add(encoded);
    for (const encoded of base64Variants(Buffer.from(text, 'utf8'))) forms.add(encoded);
  }
  forms.delete('');
  return [...forms].sort((a, b) => b.length - a.length);
}
