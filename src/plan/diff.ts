import jsonPatch, { type Operation } from 'fast-json-patch';
import { isPlainObject, scalarsAsText, sortKeys } from '../model/canonical.js';
import type { Kind } from '../model/kinds.js';
import { fieldDescriptor } from './descriptors.js';

export interface FieldDiff {
  /** Live values of the managed fields (what the manifest sets), as they are now. */
  readonly before: Record<string, unknown>;
  /** The values to write: desired fields, with subset fields merged over the live object. */
  readonly after: Record<string, unknown>;
  readonly patch: Operation[];
  /** Immutable fields whose value differs: the resource must be replaced. */
  readonly immutableChanged: string[];
}

/** The value as the diff sees it: canonical form for the field's comparison rule. */
export function comparable(kind: Kind, field: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  switch (fieldDescriptor(kind, field).compare) {
    case 'text':
    case 'subset-text':
      return sortKeys(scalarsAsText(value));
    case 'set':
      return Array.isArray(value) ? [...value].map(String).sort() : value;
    default:
      return canonicalNested(value);
  }
}

/** Sorted keys everywhere, and sorted EMV name lists inside `methods` maps (their order carries no meaning). */
function canonicalNested(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalNested);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = value[key];
      if (v === undefined) continue;
      out[key] = key === 'emvs' && Array.isArray(v) ? [...v].map(String).sort() : canonicalNested(v);
    }
    return out;
  }
  return value;
}

/** Canonical view of a field set, dropping write-only fields (they cannot be compared). */
export function comparableFields(kind: Kind, fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined || fieldDescriptor(kind, field).compare === 'write-only') continue;
    out[field] = comparable(kind, field, value);
  }
  return out;
}

export function patchBetween(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Operation[] {
  return jsonPatch.compare(before ?? {}, after ?? {});
}

/**
 * Compares what the manifest sets with the live record. Fields the manifest leaves out are not
 * managed and never appear; fields the service fills by itself inside a subset field (device
 * `emvParams` defaults) are kept as they are.
 */
export function diffFields(kind: Kind, desired: Record<string, unknown>, live: Record<string, unknown>): FieldDiff {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const immutableChanged: string[] = [];
  for (const [field, wanted] of Object.entries(desired)) {
    if (wanted === undefined) continue;
    const descriptor = fieldDescriptor(kind, field);
    const current = live[field];
    if (descriptor.compare === 'write-only') {
      after[field] = wanted;
      continue;
    }
    if (descriptor.compare === 'subset-text' && isPlainObject(wanted)) {
      const merged = { ...(isPlainObject(current) ? current : {}), ...wanted };
      if (current !== undefined) before[field] = current;
      after[field] = merged;
    } else {
      if (current !== undefined) before[field] = current;
      after[field] = wanted;
    }
    if (descriptor.immutable && current !== undefined) {
      const a = JSON.stringify(comparable(kind, field, current));
      const b = JSON.stringify(comparable(kind, field, wanted));
      if (a !== b) immutableChanged.push(field);
    }
  }
  const patch = patchBetween(comparableFields(kind, before), comparableFields(kind, after));
  return { before, after, patch, immutableChanged };
}
