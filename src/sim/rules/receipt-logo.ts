import { createHash } from 'node:crypto';
import { parameterError } from '../errors.js';

/** Filled in by the service when a merchant is saved without a logo. */
export const DEFAULT_RECEIPT_LOGO = 'https://static.example.com/receipt/default-logo.png';

const LOGO_HOST = 'https://static.example.com/receipt';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * `receiptLogo` is a URL, or base64 jpg/jpeg/png content on input. The service stores uploaded
 * content and answers with a URL, so a client can never read back the base64 it sent; the
 * simulator derives the URL from the content, which keeps a re-upload of the same image stable.
 */
export function storedReceiptLogo(value: string): string {
  if (/^https?:\/\/\S+$/i.test(value)) return value;
  const dataUri = /^data:image\/(?:png|jpe?g);base64,(.*)$/is.exec(value);
  const base64 = (dataUri?.[1] ?? value).replace(/\s+/g, '');
  if (base64.length > 0 && base64.length % 4 === 0 && BASE64.test(base64)) {
    const bytes = Buffer.from(base64, 'base64');
    const extension = imageExtension(bytes);
    if (extension) {
      const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
      return `${LOGO_HOST}/${digest}.${extension}`;
    }
  }
  throw parameterError('receiptLogo', 'must be an http(s) URL or base64 jpg/jpeg/png content');
}

function imageExtension(bytes: Buffer): 'png' | 'jpg' | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}
