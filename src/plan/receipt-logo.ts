/** The merchant's receipt-logo compare rule moved to its kind (kinds/merchant-logo.ts); kept here for the plan's importers. */
export { checkReceiptLogo, completeLogoChange, groupKeepsLogoFingerprints, UPLOADS, type LogoCheck } from '../kinds/merchant-logo.js';
