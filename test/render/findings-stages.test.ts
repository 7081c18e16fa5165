/**
 * The stages a plan goes through on its way out (redact, publish, show) treat what the checks
 * found as the rest of the plan: the plan's secret values and the token masked in their words, the
 * findings put in the order they are read, their text escaped for the terminal; a plan document
 * read back is the plan it was.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/findings/types.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import { planDocument } from '../../src/plan/plan-document.js';
import type { RawPlan } from '../../src/plan/plan.js';
import { orderedFindings, withFindings } from '../../src/plan/published-plan.js';
import { planHash } from '../../src/journal/plan-hash.js';
import { publicPlan, publicPlanOfDocument } from '../../src/render/public-plan.js';
import { planSecretValues, redactPlan, scrubPlan } from '../../src/render/redact.js';
import { renderPlanJson } from '../../src/render/render-json.js';
import { renderPlanText } from '../../src/render/render-text.js';
import { createStyle } from '../../src/render/style.js';
import { visiblePlan } from '../../src/render/visible-plan.js';
import { context, desiredState, device, liveState, merchant } from '../plan/states.js';
import { ADVISORY, MANDATORY, OVERRIDABLE, OVERRIDDEN, PACKS, SKIPPED, WARNING } from './findings-plans.js';

const style = createStyle(false);

/** A raw plan as the planner makes it, writing a till's admin password, with findings that quote it. */
function rawPlan(found: Partial<Pick<RawPlan, 'findings' | 'skippedRules' | 'policyPacks'>> = {}): RawPlan {
  const desired = desiredState([merchant('m1'), device('m1', 't1', { deviceAdmin: 'admin-secret-pw' })], {
    managedDevices: ['m1'],
    sensitive: ['device/m1/t1#/deviceAdmin'],
  });
  return { ...planChanges(desired, liveState([]), context), ...found };
}

describe('redactPlan over findings', () => {
  it("finds the plan's secret values at its sensitive pointers", () => {
    expect(planSecretValues(rawPlan())).toEqual(['admin-secret-pw']);
    // A document read back holds the marker where its secrets were: nothing to look for.
    expect(planSecretValues(publicPlan(rawPlan()))).toEqual([]);
  });

  it("masks them in a finding's message, an override's reason and a skipped rule's reason, and leaves the rest", () => {
    const quoting = 'the password admin-secret-pw is weak';
    const raw = rawPlan({
      findings: [{ ...ADVISORY, message: quoting }, { ...OVERRIDDEN, override: { ...OVERRIDDEN.override!, reason: quoting } }],
      skippedRules: [{ ...SKIPPED, reason: quoting }],
      policyPacks: PACKS,
    });
    const redacted = redactPlan(raw);
    expect(JSON.stringify(redacted)).not.toContain('admin-secret-pw');
    expect(redacted.findings![0]).toEqual({ ...ADVISORY, message: 'the password (sensitive) is weak' });
    expect(redacted.findings![1]!.override).toEqual({ ...OVERRIDDEN.override!, reason: 'the password (sensitive) is weak' });
    expect(redacted.skippedRules).toEqual([{ ...SKIPPED, reason: 'the password (sensitive) is weak' }]);
    expect(redacted.policyPacks).toBe(PACKS);
    // The raw plan is not changed.
    expect(raw.findings![0]!.message).toBe(quoting);
  });

  it('leaves a plan without findings as redactPlan always made it', () => {
    const raw = rawPlan();
    expect(Object.keys(redactPlan(raw))).toEqual(Object.keys(raw));
    expect(redactPlan(raw)).not.toHaveProperty('findings');
  });

  it('scrubPlan masks the token in findings too', () => {
    const token = 'tok-en-SECRET-123456';
    const scrubbed = scrubPlan(rawPlan({ findings: [{ ...ADVISORY, message: `sent with ${token}` }] }), [token]);
    expect(scrubbed.findings![0]!.message).toBe('sent with (sensitive)');
  });
});

describe('publishedPlan over findings', () => {
  it('orders them blocking first, then overridden, then the rest, by level within each, and drops empty lists', () => {
    const published = publicPlan(rawPlan({ findings: [ADVISORY, WARNING, OVERRIDDEN, OVERRIDABLE, MANDATORY], skippedRules: [], policyPacks: [] }));
    expect(published.findings!.map((f) => f.rule)).toEqual([MANDATORY, OVERRIDABLE, OVERRIDDEN, WARNING, ADVISORY].map((f) => f.rule));
    expect(published).not.toHaveProperty('skippedRules');
    expect(published).not.toHaveProperty('policyPacks');
    expect(publicPlan(rawPlan({ findings: [] }))).not.toHaveProperty('findings');
  });

  it('keeps the order the checks found them in within a level, and puts a level it does not know last', () => {
    const a: Finding = { ...ADVISORY, rule: 'a' };
    const b: Finding = { ...ADVISORY, rule: 'b' };
    const later = { ...ADVISORY, rule: 'later', level: 'informational' } as unknown as Finding;
    expect(orderedFindings([later, b, a, WARNING]).map((f) => f.rule)).toEqual([WARNING.rule, 'b', 'a', 'later']);
  });

  it('reads a published document back as the same plan', () => {
    const published = publicPlan(rawPlan({ findings: [ADVISORY, MANDATORY], skippedRules: [SKIPPED], policyPacks: PACKS }));
    expect(renderPlanJson(publicPlanOfDocument(planDocument(published)))).toBe(renderPlanJson(published));
    expect(planDocument(published).findings).toEqual([MANDATORY, ADVISORY]);
  });
});

describe('withFindings', () => {
  it("attaches a run's findings to a published plan: masked, ordered, empty lists left out, the hash unchanged", () => {
    const published = publicPlan(rawPlan());
    expect(withFindings(published, { findings: [], skippedRules: [], policyPacks: [] }, ['admin-secret-pw'])).toBe(published);
    const found = withFindings(published, { findings: [{ ...WARNING, message: 'value admin-secret-pw' }, MANDATORY], skippedRules: [SKIPPED], policyPacks: [] }, ['admin-secret-pw']);
    expect(found.findings).toEqual([MANDATORY, { ...WARNING, message: 'value (sensitive)' }]);
    expect(found.skippedRules).toEqual([SKIPPED]);
    expect(found).not.toHaveProperty('policyPacks');
    expect(planHash(found)).toBe(planHash(published));
    expect(renderPlanText(found, style)).toContain('Findings that block the apply (1):');
  });
});

describe('visiblePlan over findings', () => {
  it('escapes every text of a finding, a skipped rule and a pack, and keeps the numbers of a location', () => {
    const bad = 'x\x1b[31my\u202e';
    const shown = 'x\\e[31my\\u202e';
    const plan = visiblePlan(
      publicPlan(
        rawPlan({
          findings: [{ ...OVERRIDDEN, rule: bad, pack: bad, message: bad, address: `emv/${bad}`, location: { file: bad, line: 3, col: 9 }, override: { reason: bad, by: bad, at: bad } }],
          skippedRules: [{ rule: bad, address: `emv/${bad}`, reason: bad, location: { file: bad, line: 1, col: 1 } }],
          policyPacks: [{ pack: bad, namedAt: bad, levels: { [bad]: 'off' }, config: { keep: bad } }],
        }),
      ),
    );
    expect(plan.findings).toEqual([
      { ...OVERRIDDEN, rule: shown, pack: shown, message: shown, address: `emv/${shown}`, location: { file: shown, line: 3, col: 9 }, override: { reason: shown, by: shown, at: shown } },
    ]);
    expect(plan.skippedRules).toEqual([{ rule: shown, address: `emv/${shown}`, reason: shown, location: { file: shown, line: 1, col: 1 } }]);
    // The config is not shown by the text or Markdown: left as it is.
    expect(plan.policyPacks).toEqual([{ pack: shown, namedAt: shown, levels: { [shown]: 'off' }, config: { keep: bad } }]);
  });
});
