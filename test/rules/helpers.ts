/**
 * A manifest that passes every payment rule, written to real files, and the means to break it one
 * value at a time and find where the rules say it broke.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadManifest, type LoadedManifest } from '../../src/manifest/index.js';
import { checkPaymentRules, type RulesReport } from '../../src/rules/index.js';

/** EMV configs, profiles: one file. */
export const CONFIGS = `version: 1
emvConfigs:
  - emvName: visa-usd
    paymentMethod: "01"
    currency: USD
    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 100000, clTransLimit: 500000, defaultDDOL: 9F3704, defaultTDOL: 9F0206 }
  - emvName: mc-usd
    paymentMethod: "02"
    currency: USD
    params: { aid: A0000000041010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 100000, clTransLimit: 500000 }
  - emvName: visa-eur
    paymentMethod: "01"
    currency: EUR
    params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clCVMLimit: 5000, clTransLimit: 50000 }
acquirerProfiles:
  - profileName: host-a-usd
    currency: USD
    connMessageFormat: HOSTA_8583
    methods: { "01": { emvs: [visa-usd] }, "02": { emvs: [mc-usd] } }
  - profileName: host-b-eur
    currency: EUR
    connMessageFormat: HOSTB_8583
    methods: { "01": { emvs: [visa-eur] } }
`;

/** Merchants, their bindings and terminals: another file. */
export const MERCHANTS = `version: 1
merchants:
  - providerReference: coffee-001
    mchName: Coffee Shop
    currency: USD
    contactName: Jane Doe
    contactEmail: jane@coffee.example
    mcc: "5814"
    country: US
    bindings:
      - acquirer: host-a-usd
        currency: USD
        methods: { "01": { emvs: [visa-usd] }, "02": { emvs: [mc-usd] } }
      - acquirer: host-b-eur
        currency: EUR
        methods: { "01": { emvs: [visa-eur] } }
    devices:
      - deviceAlias: till-1
        methods: ["01", "02"]
        emvParams: { terminalCountryCode: "0840", txnCurrencyCode: "0840", terminalCapability: E0F8C8, terminalType: "22", netDFloorLimit: "00000000" }
`;

export interface Files {
  readonly [name: string]: string;
}

export const GOOD: Files = { 'configs.yaml': CONFIGS, 'merchants/coffee.yaml': MERCHANTS };

/** Writes the files into a new directory; returns it. */
export function writeFiles(files: Files): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-rules-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

export async function load(files: Files, env: Record<string, string> = {}, allowMissingEnv = false): Promise<LoadedManifest> {
  const dir = writeFiles(files);
  return loadManifest(['.'], { env, cwd: dir, allowMissingEnv });
}

export async function check(files: Files, env: Record<string, string> = {}, allowMissingEnv = false): Promise<RulesReport> {
  return checkPaymentRules(await load(files, env, allowMissingEnv));
}

/** `files` with one replacement in one file; the text replaced must be there exactly once. */
export function edit(files: Files, file: string, from: string, to: string): Files {
  const text = files[file]!;
  const first = text.indexOf(from);
  if (first < 0 || text.indexOf(from, first + 1) >= 0) throw new Error(`${JSON.stringify(from)} is not in ${file} exactly once`);
  return { ...files, [file]: text.replace(from, to) };
}

/** Line and column (1-based) where `needle` starts in `text`, the `nth` occurrence (0-based). */
export function positionOf(text: string, needle: string, nth = 0): { line: number; col: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  }
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, col: index - before.lastIndexOf('\n') };
}
