import { timingSafeEqual } from 'node:crypto';
import type { DeviceRecord } from '../core/records.js';
import { invalid } from '../errors.js';

/**
 * `adminPwd` on void and refund (reference 4.1): the Base64 encoding (RFC 4648, with padding) of
 * the terminal's `deviceAdmin`. The reference's schema says Base64 while one example sends the
 * password plain; the simulator accepts only the Base64 form, so a client that sends the plain one
 * learns it here rather than against the live service. No message ever carries the password.
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const NOT_BASE64 = "adminPwd must be the Base64 encoding of the terminal's admin password";

export function checkAdminPassword(adminPwd: string, terminalId: string, device: DeviceRecord | undefined): void {
  if (device === undefined) {
    throw invalid(`terminal ${terminalId} no longer exists, so its admin password cannot be checked`);
  }
  const expected = device.deviceAdmin;
  if (expected === undefined || expected === '') {
    throw invalid(`terminal ${terminalId} has no admin password (deviceAdmin); set one on the device first`);
  }
  // A plain password can happen to be valid Base64 ("admin123"): sent as it is, it is still the plain form.
  if (adminPwd === '' || !BASE64.test(adminPwd) || (adminPwd === expected && encode(expected) !== adminPwd)) {
    throw invalid(NOT_BASE64);
  }
  const given = Buffer.from(adminPwd, 'base64');
  const wanted = Buffer.from(expected, 'utf8');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) {
    throw invalid(`admin password does not match terminal ${terminalId}`);
  }
}

function encode(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
