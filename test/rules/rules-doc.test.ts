/**
 * docs/rules.md is generated from the rule catalogue (`npm run docs:rules`): it must be what the
 * catalogue gives today, with a section for every rule naming its severity, examples and sources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderRulesDoc, repositoryRoot, RULES_DOCS_FILE } from '../../scripts/generate-rules-doc.js';
import { PAYMENT_RULES } from '../../src/rules/index.js';

describe(RULES_DOCS_FILE, () => {
  it('is what npm run docs:rules writes today', () => {
    const committed = readFileSync(path.join(repositoryRoot, RULES_DOCS_FILE), 'utf8');
    expect(committed === renderRulesDoc(), `${RULES_DOCS_FILE} is stale: run npm run docs:rules and commit it`).toBe(true);
  });

  it('has a section for every rule, with its severity, a wrong and a right example', () => {
    const docs = renderRulesDoc();
    for (const rule of PAYMENT_RULES) {
      const start = docs.indexOf(`\n## ${rule.id}\n`);
      expect(start, rule.id).toBeGreaterThan(0);
      const section = docs.slice(start, docs.indexOf('\n## ', start + 4));
      expect(section).toContain(`**${rule.severity}**`);
      expect(section).toContain(rule.title);
      expect(section).toContain(`Wrong:\n\n\`\`\`yaml\n${rule.example.wrong}\n\`\`\``);
      expect(section).toContain(`Right:\n\n\`\`\`yaml\n${rule.example.right}\n\`\`\``);
    }
  });

  it('rule ids are kebab case, prefixed by their kind, and unique', () => {
    const prefixes: Record<string, string> = { emv: 'emv-', acquirer: 'profile-', merchant: 'merchant-', binding: 'binding-', device: 'device-' };
    for (const rule of PAYMENT_RULES) {
      expect(rule.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
      expect(rule.id.startsWith(prefixes[rule.kind]!), rule.id).toBe(true);
    }
    expect(new Set(PAYMENT_RULES.map((rule) => rule.id)).size).toBe(PAYMENT_RULES.length);
  });
});
