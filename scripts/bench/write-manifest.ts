import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Document, isCollection, isPair, isScalar, visit } from 'yaml';
import { TILL_ADMIN_VARIABLE, type GroupSpec, type MerchantSpec } from './group-shape.js';

/** Merchants per file: a large PBO splits its manifest, and the loader's merge is part of what is measured. */
const MERCHANTS_PER_FILE = 500;

function merchantEntry(m: MerchantSpec): Record<string, unknown> {
  return {
    providerReference: m.providerReference,
    mchName: m.mchName,
    currency: m.currency,
    contactName: m.contactName,
    contactEmail: m.contactEmail,
    mcc: m.mcc,
    country: m.country,
    state: m.state,
    bindings: m.bindings.map((b) => ({
      acquirer: b.acquirer,
      currency: b.currency,
      ...(b.mid !== undefined ? { mid: b.mid } : {}),
      methods: Object.fromEntries(Object.entries(b.methods).map(([code, emvs]) => [code, { emvs: [...emvs] }])),
    })),
    devices: m.devices.map((d) => ({
      deviceAlias: d.deviceAlias,
      deviceName: d.deviceName,
      methods: [...d.methods],
      acquirerFields: d.acquirerFields,
      emvParams: d.emvParams,
      // Secrets come from the environment, as the README asks of real manifests.
      deviceAdmin: `\${${TILL_ADMIN_VARIABLE}}`,
    })),
  };
}

/** Keys whose values the examples write as flow collections (`params: { aid: ... }`, `methods: ["01"]`). */
const FLOW_KEYS = new Set(['params', 'emvParams', 'connExtraParams', 'enablerParams', 'emvs']);
/** Maps whose entries the examples write in flow style (`"01": { emvs: [visa] }`, `host-a: { tid: "1" }`). */
const FLOW_ENTRIES_OF = new Set(['methods', 'acquirerFields']);

/**
 * YAML in the style of examples/: block structure for the lists of entries and their fields,
 * flow style for the small leaf collections, as a person writes (and reviews) a manifest.
 */
function toYaml(value: Record<string, unknown>): string {
  const doc = new Document(value);
  const keyOf = (node: unknown): string | undefined => (isPair(node) && isScalar(node.key) ? String(node.key.value) : undefined);
  visit(doc, {
    Pair(_, pair, path) {
      const key = keyOf(pair);
      const parentKey = keyOf(path[path.length - 2]);
      const leafList = key === 'methods' && isCollection(pair.value) && pair.value.items.every((item) => isScalar(item));
      const flow = (key !== undefined && FLOW_KEYS.has(key)) || leafList || (parentKey !== undefined && FLOW_ENTRIES_OF.has(parentKey));
      if (flow && isCollection(pair.value)) pair.value.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0 });
}

/**
 * Writes the group as a manifest folder: `group.yaml` with the API and the EMV configs and profiles, then
 * `merchants-NNN.yaml` files of MERCHANTS_PER_FILE merchants each. Returns the files written.
 */
export async function writeManifest(spec: GroupSpec, directory: string): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const files: string[] = [];
  const write = async (name: string, content: Record<string, unknown>): Promise<void> => {
    const path = join(directory, name);
    await writeFile(path, toYaml({ version: 1, ...content }));
    files.push(path);
  };
  await write('group.yaml', {
    // Pinned, as a team on the current API pins it: unpinned, each run also asks which API the
    // group is on (one legacy read beside the owner's, in the same round), which the lower bound
    // (lower-bound.ts) does not count.
    api: 'current',
    emvConfigs: spec.emvConfigs.map((e) => ({ ...e, params: { ...e.params } })),
    acquirerProfiles: spec.profiles.map((p) => ({
      profileName: p.profileName,
      acqType: 'card',
      currency: p.currency,
      connMessageFormat: 'HOSTA_8583',
      connUrl: `https://${p.profileName}.acquirer.example/iso`,
      enablerParams: ['tid', 'mid'],
      methods: Object.fromEntries(Object.entries(p.methods).map(([code, emvs]) => [code, { emvs: [...emvs] }])),
    })),
  });
  for (let start = 0; start < spec.merchants.length; start += MERCHANTS_PER_FILE) {
    const part = String(start / MERCHANTS_PER_FILE).padStart(3, '0');
    await write(`merchants-${part}.yaml`, { merchants: spec.merchants.slice(start, start + MERCHANTS_PER_FILE).map(merchantEntry) });
  }
  return files;
}
