import { isUploadedLogo, logoFingerprint, RECEIPT_LOGO_FINGERPRINT_KEY, storedLogoFingerprint } from '../model/receipt-logo.js';
import type { LiveState, MerchantFields } from '../model/state.js';
import { ofKind } from './of-kind.js';
import { KIND_MODULES, type Kind } from './registry.js';

/**
 * How a plan treats a merchant whose manifest `receiptLogo` is uploaded content (base64).
 *
 * The service stores uploaded content and answers with a URL (01 §2.1), so the content can never
 * be read back, and the URL's form is not documented: it cannot tell which content it holds. On
 * every upload paycfg writes the content's SHA-256 into the merchant's additionalData (free-form
 * metadata the service stores as given) under RECEIPT_LOGO_FINGERPRINT_KEY, and a plan compares the
 * manifest content's SHA-256 with it (the diff's 'upload' rule): a change of content is seen, the
 * same content is never uploaded again, and nothing outside paycfg is trusted to identify it.
 *
 * That needs the service to return additionalData with paycfg's key in it, which the reference
 * leaves open ("response presence ... not shown"), and a service that returns additionalData may
 * still drop keys it does not know. So a live merchant record with no fingerprint is read by what the
 * run saw:
 * - some merchant record of the group carries paycfg's fingerprint: the service keeps it, so this
 *   merchant's logo was never uploaded by paycfg; it is a change (uploaded once, fingerprint written);
 * - no merchant record carries one: a missing fingerprint proves nothing (the service may not return
 *   additionalData, or not that key). Treating that as a change would upload the logo on every
 *   apply, for ever; so the logo is write-only, as passcode is: sent on create and with every other
 *   update of the merchant (with its fingerprint, so that a service that keeps it leaves this mode
 *   on the next plan), a change of it alone not seen. The plan says so on the change.
 * A URL in the manifest is compared as written (the 'upload' rule, no help needed from here).
 */
export interface LogoCheck {
  /** The desired fields as the diff must compare them. */
  readonly compared: Record<string, unknown>;
  /** Content to send with an update the other fields make (write-only fallback). */
  readonly resend?: string;
  /** The manifest content's SHA-256. */
  readonly sha256: string;
  /** The fingerprint the live record keeps; undefined when it keeps none. */
  readonly stored: string | undefined;
  readonly detectable: boolean;
}

/**
 * Whether two live merchants hold the same uploaded receipt logo though each service made its own
 * URL of it: the fingerprint paycfg keeps beside each (see above) is the same.
 */
export function sameStoredLogo(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const fingerprint = storedLogoFingerprint(a['additionalData']);
  return fingerprint !== undefined && fingerprint === storedLogoFingerprint(b['additionalData']);
}

/** Whether any merchant record the run read carries paycfg's logo fingerprint: proof that the service keeps it. */
export function groupKeepsLogoFingerprints(live: LiveState): boolean {
  return ofKind(live.resources.values(), 'merchant').some((merchant) => storedLogoFingerprint(merchant.fields.additionalData) !== undefined);
}

/** Kinds with a field compared by its upload's fingerprint: the merchant, by its receipt logo. */
export const UPLOADS: ReadonlySet<Kind> = new Set(KIND_MODULES.filter((module) => Object.values(module.descriptors).some((descriptor) => descriptor.compare === 'upload')).map((module) => module.kind));

/**
 * The check of one merchant whose manifest logo is uploaded content; undefined for any other.
 * `keepsFingerprints` is asked only then (see groupKeepsLogoFingerprints).
 */
export function checkReceiptLogo(
  desired: MerchantFields,
  live: MerchantFields | undefined,
  keepsFingerprints: () => boolean,
): LogoCheck | undefined {
  const content = desired.receiptLogo;
  if (!isUploadedLogo(content)) return undefined;
  const fields = desired as unknown as Record<string, unknown>;
  const sha256 = logoFingerprint(content);
  const stored = storedLogoFingerprint(live?.additionalData);
  if (live === undefined || stored !== undefined || keepsFingerprints()) {
    return { compared: fields, sha256, stored, detectable: true };
  }
  const { receiptLogo: _sent, ...compared } = fields;
  return { compared, resend: content, sha256, stored, detectable: false };
}

/** A create or update of a merchant with a check: the content goes with the update, and the plan says how it was compared. */
export function completeLogoChange(change: { after: Record<string, unknown> | null; notes: string[]; action: string }, check: LogoCheck): void {
  if (change.after === null) return;
  if (check.resend !== undefined) change.after['receiptLogo'] = check.resend;
  change.notes.push(logoNote(change.action, check, isUploadedLogo(change.after['receiptLogo'])));
}

function logoNote(action: string, check: LogoCheck, uploads: boolean): string {
  const key = `additionalData["${RECEIPT_LOGO_FINGERPRINT_KEY}"]`;
  const sha = short(check.sha256);
  if (action === 'create') {
    return `receiptLogo is uploaded content, which the service cannot return: its SHA-256 (${sha}) is kept in ${key}, which later plans compare with the manifest`;
  }
  if (!check.detectable) {
    return (
      `receiptLogo is uploaded content, and no merchant record of the group shows the SHA-256 paycfg keeps in additionalData: ` +
      `a change of the logo alone cannot be seen. It is sent again with this update`
    );
  }
  if (!uploads) return `receiptLogo: the manifest content's SHA-256 (${sha}) matches ${key}, so the logo is not uploaded again`;
  const was = check.stored === undefined ? `${key} holds none (not uploaded by paycfg)` : `${key} holds ${short(check.stored)}`;
  return `receiptLogo: the manifest content's SHA-256 is ${sha} and ${was}: it is uploaded, and its SHA-256 kept there`;
}

function short(sha256: string): string {
  return `${sha256.slice(0, 12)}…`;
}
