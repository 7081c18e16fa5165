/**
 * The entries of a manifest's `protect:` list: an address (`merchant/coffee-001`) or a glob over
 * addresses (`acquirer/*`, `device/coffee-001/*`, `binding/**`). The kind is written out, never a
 * glob: a pattern says which kind of record it keeps. In the key, `*` matches any run of characters
 * within one part (between two `/`), `**` any run across parts; every other character stands for
 * itself. The syntax is checked here, for validate; the plan matches the patterns (plan/protect.ts).
 */
import { KINDS, type Kind } from '../model/kinds.js';

/** The parts of each kind's key, as the plan writes it: what a pattern must be able to reach. */
const KEY_SHAPE: Readonly<Record<Kind, { readonly parts: number; readonly form: string; readonly every: string; readonly example: string }>> = {
  emv: { parts: 1, form: '<emvName>', every: 'emv/*', example: 'emv/visa-usd' },
  acquirer: { parts: 1, form: '<profileName>', every: 'acquirer/*', example: 'acquirer/host-a' },
  merchant: { parts: 1, form: '<providerReference>', every: 'merchant/*', example: 'merchant/coffee-001' },
  binding: { parts: 3, form: '<providerReference>/<profileName>/<currency>', every: 'binding/*/*/*', example: 'binding/coffee-001/*/*' },
  device: { parts: 2, form: '<providerReference>/<deviceAlias>', every: 'device/*/*', example: 'device/coffee-001/*' },
};

const KIND_LIST = 'emv, acquirer, merchant, binding or device';

/**
 * Why `text` is not a protect pattern, in words, or undefined when it is one. A pattern that could
 * match no key of its kind (`device/*`: a device's key has two parts) is refused too, since it would
 * protect nothing while it reads as if it protected every device.
 */
export function protectPatternProblem(text: string): string | undefined {
  if (text.trim() !== text) return 'must not start or end with spaces';
  const slash = text.indexOf('/');
  const kind = slash < 0 ? text : text.slice(0, slash);
  if (!(KINDS as readonly string[]).includes(kind)) {
    return `does not start with a kind: write <kind>/<key or glob> with kind ${KIND_LIST}, e.g. acquirer/* or device/coffee-001/*`;
  }
  const key = slash < 0 ? '' : text.slice(slash + 1);
  const shape = KEY_SHAPE[kind as Kind];
  if (key === '') return `names no ${kind}: write ${kind}/${shape.form}, a glob such as ${shape.every}, e.g. ${shape.example}`;
  const parts = key.split('/');
  if (parts.some((part) => part === '')) return `has an empty part between two "/"; a ${kind}'s key is ${shape.form}`;
  if (parts.some((part) => /\*{3,}/.test(part))) return '*** is not a glob: * matches within a part of the key, ** across parts';
  if (parts.length < shape.parts && !key.includes('**')) {
    return `can match no ${kind}: a ${kind}'s key is ${shape.form} (${shape.parts} parts); write ${shape.every} for every ${kind}, or e.g. ${shape.example}`;
  }
  return undefined;
}

/** A pattern as a test of an address; the pattern must be valid (protectPatternProblem). */
export function protectMatcher(pattern: string): (address: string) => boolean {
  if (!pattern.includes('*')) return (address) => address === pattern;
  const source = pattern
    .split(/(\*\*|\*)/)
    .map((piece) => (piece === '**' ? '.*' : piece === '*' ? '[^/]*' : piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const regex = new RegExp(`^${source}$`, 's');
  return (address) => regex.test(address);
}
