/**
 * A merchant field is declared in the merchant's module (src/kinds/merchant.ts) and nowhere else in
 * the product: outside src/kinds/ and the simulator (src/sim/, which stands for the service and
 * keeps its own model), no file under src/ names one, in code or in a string. That is what makes a
 * new merchant field one edit. The fields whose names other code uses for a behaviour of their own
 * are listed below, each with why.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { merchant } from '../../src/kinds/merchant.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SRC = path.join(ROOT, 'src');

/** Fields whose names code outside the kinds uses anywhere, and why. */
const USED_EVERYWHERE: Readonly<Record<string, string>> = {
  providerReference: "the merchant's key: moves, protect patterns, unkeyed records, export and apply's lookups name it",
  mchName: 'how messages and unkeyed listings name a merchant without a key, how apply finds a merchant it created, and a field of payment records',
  currency: "a field of every kind (an EMV config's, a profile's, a binding's key) and of payment records",
  state: 'a common word (desired state, live state); the merchant field has no behaviour outside its module',
};

/** Fields whose names only the listed files use, for a behaviour of their own. */
const USED_IN: Readonly<Record<string, { readonly files: readonly string[]; readonly why: string }>> = {
  receiptLogo: {
    files: ['src/model/receipt-logo.ts', 'src/plan/diff.ts'],
    why: "uploaded logo content is compared by the SHA-256 kept in additionalData: the plan's 'upload' rule and its notes",
  },
  additionalData: {
    files: ['src/model/receipt-logo.ts', 'src/plan/diff.ts'],
    why: "it holds paycfg's receipt logo fingerprint (see receiptLogo)",
  },
  passcode: {
    files: ['src/manifest/issue-text.ts', 'src/manifest/secrets.ts', 'src/api/redact.ts', 'src/export/secret-wording.ts'],
    why: "a secret: the loader's secret handling (checked against the facts in field-facts.test.ts), the scrubbing of service messages, and export's note that it cannot be read back",
  },
  transType: { files: ['src/api/wire-types-payments.ts'], why: "a transaction's own field (its type), not the merchant's" },
  timeZone: { files: ['src/api/wire-types.ts'], why: "the group's own time zone (GET /api/v2/current)" },
  region: { files: ['src/findings/sarif.ts'], why: "SARIF's own word: a result's physicalLocation.region (its line and column), not the merchant's" },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

/** Every name a file's code holds: identifiers, and the words of its strings, templates and regular expressions (not its comments). */
function namesIn(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) names.add(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) {
      for (const word of node.text.split(/[^A-Za-z0-9_$]+/)) if (word !== '') names.add(word);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

const productFiles = sourceFiles(SRC)
  .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('src/kinds/') && !file.startsWith('src/sim/'));

const merchantFields = [merchant.keyField!, ...merchant.stateFields];

describe('merchant fields', () => {
  it('are named by no product file outside src/kinds/ and src/sim/, but for the listed exceptions', () => {
    const found: string[] = [];
    for (const file of productFiles) {
      const names = namesIn(path.join(ROOT, file));
      for (const field of merchantFields) {
        if (!names.has(field) || field in USED_EVERYWHERE) continue;
        if (USED_IN[field]?.files.includes(file)) continue;
        found.push(`${file} names ${field}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('include the plain ones the exceptions leave out, and the exceptions name only merchant fields and existing files', () => {
    for (const field of ['contactPhone', 'contactAddress', 'receiptInfo', 'merchantType', 'mdr', 'transType', 'region']) {
      expect(merchantFields).toContain(field);
      expect(field in USED_EVERYWHERE, field).toBe(false);
    }
    for (const field of [...Object.keys(USED_EVERYWHERE), ...Object.keys(USED_IN)]) expect(merchantFields).toContain(field);
    for (const { files } of Object.values(USED_IN)) for (const file of files) expect(productFiles).toContain(file);
  });

  it('are found in code and strings, not in comments', () => {
    const names = namesIn(path.join(ROOT, 'src/kinds/merchant.ts'));
    expect(names.has('contactPhone')).toBe(true);
    expect(names.has('mchId')).toBe(true);
    // src/api/redact.ts names passcode in a regular expression only.
    expect(namesIn(path.join(ROOT, 'src/api/redact.ts')).has('passcode')).toBe(true);
    // src/export/build-manifest.ts says "passcode" in a comment only.
    expect(readFileSync(path.join(ROOT, 'src/export/build-manifest.ts'), 'utf8')).toContain('passcode');
    expect(namesIn(path.join(ROOT, 'src/export/build-manifest.ts')).has('passcode')).toBe(false);
  });
});
