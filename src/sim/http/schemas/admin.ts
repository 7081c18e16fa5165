import { z } from 'zod';
import { GROUP_ID_PATTERN, type GroupSettingsInput } from '../../rules/groups.js';
import type { FaultSettings } from '../faults.js';
import { isTimeZone, optional } from './common.js';

export const groupSchema: z.ZodType<GroupSettingsInput> = z.object({
  groupId: z.string().regex(GROUP_ID_PATTERN, { error: 'must look like G-00000001 (G- and 8 digits)' }),
  groupName: optional(z.string()),
  timeZone: optional(z.string().refine(isTimeZone, { error: 'must be an IANA time zone name such as Europe/Paris' })),
  messageFormat: optional(z.string()),
  qrEnabled: optional(z.boolean()),
  enablerParams: optional(z.string()),
  apiVersion: optional(z.enum(['v1', 'legacy'])),
  logo: optional(z.string()),
  emailSender: optional(z.string()),
});

/** A token to revoke: as the client sends it, without `Bearer `. */
export const tokenRevocationSchema = z.object({ token: z.string().min(1) });

export const activationSchema = z.object({
  activationCode: z.string(),
  appVersion: optional(z.string()),
});

/** null or 0 turns a fault off. */
function setting(schema: z.ZodNumber) {
  return schema.nullish().transform((value) => (value === null ? 0 : value));
}

export const faultsSchema: z.ZodType<Partial<FaultSettings> & { seed?: number | undefined }> = z.object({
  latencyMs: setting(z.number().int().min(0).max(60_000)),
  faultRate: setting(z.number().min(0).max(1)),
  dropRate: setting(z.number().min(0).max(1)),
  rateLimit: setting(z.number().min(0)),
  maxPageSize: setting(z.number().int().min(0)),
  faultMethods: z
    .array(z.enum(['GET', 'POST', 'PUT', 'DELETE']))
    .nullish()
    .transform((value) => (value === null ? [] : value)),
  seed: optional(z.number().int()),
});
