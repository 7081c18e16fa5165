import { ConfigError } from '../errors.js';

/**
 * The terminal admin password of a void or refund (`adminPwd`). The reference's schema annotates
 * it as the Base64 encoding of the password while one example sends it plain; paycfg sends the
 * Base64 (RFC 4648, with padding), as the simulator requires. The caller always gives the plain
 * password: the request carries the Base64 and the transport is given the plain form too, so that
 * a service message echoing either is scrubbed (util/secret-forms masks a secret's Base64 forms).
 */

export interface AdminPasswordField {
  /** The body field. */
  adminPwd: string;
  /** The plain password, for scrubbing. */
  secrets: readonly string[];
}

export function adminPasswordField(plain: string, operation: string): AdminPasswordField {
  if (typeof plain !== 'string' || plain === '') {
    // The password itself is never part of the message.
    throw new ConfigError(`${operation} needs the terminal's admin password (adminPassword), in plain: paycfg sends its Base64`);
  }
  return { adminPwd: Buffer.from(plain, 'utf8').toString('base64'), secrets: [plain] };
}
