import { createHash } from 'node:crypto';
import { isPlainObject } from './canonical.js';

/**
 * A merchant's `receiptLogo` is a URL, or base64 jpg/jpeg/png content that the service stores and
 * answers with a URL of its own (01 §2.1): uploaded content can never be read back. paycfg keeps
 * the SHA-256 of the content it uploads in the merchant's `additionalData` (free-form metadata the
 * service stores as given) under this key, so that a later plan can tell whether the manifest's
 * content is the one uploaded. The key is paycfg's, not the user's: it never shows as drift of the
 * user's additionalData, is never exported, and the manifest may not set it.
 */
export const RECEIPT_LOGO_FINGERPRINT_KEY = 'paycfg.receiptLogo.sha256';

const URL_FORM = /^\s*https?:\/\//i;
const DATA_URI_PREFIX = /^\s*data:[^,]*;base64,/i;

/** Whether a receiptLogo value is content to upload (base64, maybe as a data URI) rather than a URL. */
export function isUploadedLogo(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && !URL_FORM.test(value);
}

const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Why uploaded content is not what the service takes (base64 of a png or jpeg image, raw or as a
 * data URI), or undefined when it is. Checked offline, so that a typo or a relative path is refused
 * by validate instead of being hashed and sent: Buffer.from(…, 'base64') skips what is not base64.
 */
export function uploadedLogoProblem(content: string): string | undefined {
  const base64 = content.replace(DATA_URI_PREFIX, '').replace(/\s+/g, '');
  if (base64 === '' || base64.length % 4 !== 0 || !BASE64_TEXT.test(base64)) {
    return 'is neither an http(s) URL nor base64 content (letters, digits, + and /, in groups of four)';
  }
  const bytes = Buffer.from(base64, 'base64');
  const png = PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg ? undefined : 'is base64 content, but not of a png or jpeg image, the only kinds the service takes';
}

/**
 * SHA-256 (hex) of the image bytes the base64 stands for: line breaks, a data URI prefix and the
 * base64 line length do not change it, and it is what `sha256sum logo.png` prints.
 */
export function logoFingerprint(content: string): string {
  let digest = fingerprints.get(content);
  if (digest === undefined) {
    const base64 = content.replace(DATA_URI_PREFIX, '').replace(/\s+/g, '');
    digest = createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');
    if (fingerprints.size >= MAX_REMEMBERED) fingerprints.clear();
    fingerprints.set(content, digest);
  }
  return digest;
}

/**
 * Many merchants of a group usually share one logo, and a plan hashes each merchant's more than
 * once (its quick check, its diff): the last few digests are kept, by content.
 */
const fingerprints = new Map<string, string>();
const MAX_REMEMBERED = 16;

/** The fingerprint a live merchant's additionalData holds, if any. */
export function storedLogoFingerprint(additionalData: unknown): string | undefined {
  if (!isPlainObject(additionalData)) return undefined;
  const value = additionalData[RECEIPT_LOGO_FINGERPRINT_KEY];
  return typeof value === 'string' ? value : undefined;
}

/** additionalData without paycfg's reserved key: the user's own metadata (the object itself when it has none). */
export function userAdditionalData<T>(additionalData: T): T {
  if (!isPlainObject(additionalData) || !Object.hasOwn(additionalData, RECEIPT_LOGO_FINGERPRINT_KEY)) return additionalData;
  const { [RECEIPT_LOGO_FINGERPRINT_KEY]: _reserved, ...rest } = additionalData;
  return rest as T;
}
