/**
 * A plan's findings, skipped rules and policy packs: the JSON plan that carries them validates
 * against schemas/plan.schema.json, findings and skipped rules are left out of the plan's hash (a
 * plan and the same plan checked hash the same) while the packs are in it, and a saved plan keeps
 * them, written and read back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { planHash } from '../../src/journal/plan-hash.js';
import { planChanges } from '../../src/plan/plan-changes.js';
import type { RawPlan } from '../../src/plan/plan.js';
import { buildSavedPlan, parseSavedPlan } from '../../src/plan/saved-plan.js';
import { publicPlan } from '../../src/render/public-plan.js';
import { renderPlanJson } from '../../src/render/render-json.js';
import { renderPlanText } from '../../src/render/render-text.js';
import { createStyle } from '../../src/render/style.js';
import { readSavedPlan, shownSavedPlan, writeSavedPlanDocument } from '../../src/workflow/saved-plan-file.js';
import { ADVISORY, MANDATORY, OVERRIDABLE, OVERRIDDEN, PACKS, SKIPPED, WARNING } from '../render/findings-plans.js';
import { context, desiredState, device, liveState, merchant } from './states.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/plan.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

const FOUND = { findings: [WARNING, ADVISORY, OVERRIDDEN, OVERRIDABLE, MANDATORY], skippedRules: [SKIPPED], policyPacks: PACKS };

function desired() {
  return desiredState([merchant('m1'), device('m1', 't1', { deviceAdmin: 'admin-secret-pw' })], { managedDevices: ['m1'], sensitive: ['device/m1/t1#/deviceAdmin'] });
}

function rawPlan(found: Partial<Pick<RawPlan, 'findings' | 'skippedRules' | 'policyPacks'>> = {}): RawPlan {
  return { ...planChanges(desired(), liveState([]), context), ...found };
}

describe('the JSON plan with findings, skipped rules and packs', () => {
  it('validates against schemas/plan.schema.json, every level and an override included', () => {
    const json = JSON.parse(renderPlanJson(publicPlan(rawPlan(FOUND))));
    expect(json.findings).toHaveLength(5);
    expect(new Set(json.findings.map((f: { level: string }) => f.level))).toEqual(new Set(['warning', 'advisory', 'overridable', 'mandatory']));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    // A manifest rule's error never reaches a plan paycfg makes; a document may still say one.
    expect(validate({ ...json, findings: [{ ...WARNING, level: 'error', blocking: true }] })).toBe(true);
  });

  it('refuses a finding without its weight or with a level of no kind, a place before line 1, a pack level of no kind', () => {
    const json = JSON.parse(renderPlanJson(publicPlan(rawPlan(FOUND))));
    const { blocking: _blocking, ...unweighted } = MANDATORY;
    expect(validate({ ...json, findings: [unweighted] })).toBe(false);
    expect(validate({ ...json, findings: [{ ...MANDATORY, level: 'fatal' }] })).toBe(false);
    expect(validate({ ...json, findings: [{ ...MANDATORY, location: { file: 'paycfg.yaml', line: 0, col: 1 } }] })).toBe(false);
    expect(validate({ ...json, findings: [{ ...OVERRIDDEN, override: { reason: 'r', by: 'alice' } }] })).toBe(false);
    expect(validate({ ...json, skippedRules: [{ rule: 'emv-aid-network', address: 'emv/x' }] })).toBe(false);
    expect(validate({ ...json, policyPacks: [{ pack: 'builtin', namedAt: '--policy', levels: { 'plan-terminal-reach': 'strict' } }] })).toBe(false);
  });
});

describe('the plan hash', () => {
  it('is the same with and without findings and skipped rules: they say what was found, not what is done', () => {
    const { policyPacks: _packs, ...found } = FOUND;
    const plain = publicPlan(rawPlan());
    const checked = publicPlan(rawPlan(found));
    expect(checked.findings).toHaveLength(5);
    expect(planHash(checked)).toBe(planHash(plain));
    expect(planHash(rawPlan(found))).toBe(planHash(rawPlan()));
    expect(planHash({ ...checked, findings: [{ ...MANDATORY, message: 'another message' }] })).toBe(planHash(plain));
  });

  it('covers the packs: a plan stripped of the packs its apply evaluates is not the plan reviewed', () => {
    const checked = publicPlan(rawPlan(FOUND));
    const { policyPacks: _packs, ...stripped } = checked;
    expect(planHash(stripped)).not.toBe(planHash(checked));
    expect(planHash({ ...checked, policyPacks: [] })).not.toBe(planHash(checked));
  });
});

describe('a saved plan with findings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-findings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps them, in its document, and reads back as the plan it saved', async () => {
    const published = publicPlan(rawPlan(FOUND));
    const saved = buildSavedPlan({ plan: published, desired: desired(), live: liveState([]), manifest: { files: ['paycfg.yaml'], secretDefaults: new Map() } });
    expect(saved.plan.findings).toEqual(published.findings);
    expect(saved.plan.skippedRules).toEqual([SKIPPED]);
    expect(saved.plan.policyPacks).toEqual(PACKS);
    expect(saved.planHash).toBe(planHash(published));
    expect(saved.planHash).not.toBe(planHash(publicPlan(rawPlan())));
    await writeSavedPlanDocument('plan.json', saved, dir);
    const text = readFileSync(join(dir, 'plan.json'), 'utf8');
    expect(text).not.toContain('admin-secret-pw');
    expect(parseSavedPlan(JSON.parse(text), 'plan.json').plan).toEqual(saved.plan);
    const read = await readSavedPlan('plan.json', dir, 'show');
    expect(read.plan).toEqual(saved.plan);
    const shown = shownSavedPlan(read);
    expect(renderPlanJson(shown)).toBe(renderPlanJson({ ...published, planHash: saved.planHash! }));
    expect(renderPlanText(shown, createStyle(false))).toContain('Findings that block the apply (2):');
    expect(validate(JSON.parse(renderPlanJson(shown))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is not refused as edited when only its findings differ: they are not hashed', async () => {
    const saved = buildSavedPlan({ plan: publicPlan(rawPlan(FOUND)), desired: desired(), live: liveState([]), manifest: { files: ['paycfg.yaml'], secretDefaults: new Map() } });
    const { findings: _findings, ...unchecked } = saved.plan;
    expect(parseSavedPlan(JSON.parse(JSON.stringify({ ...saved, plan: unchecked })), 'plan.json').plan).not.toHaveProperty('findings');
  });

  it('is refused as edited when its packs were taken out: apply would evaluate none', () => {
    const saved = buildSavedPlan({ plan: publicPlan(rawPlan(FOUND)), desired: desired(), live: liveState([]), manifest: { files: ['paycfg.yaml'], secretDefaults: new Map() } });
    const { policyPacks: _packs, ...unpacked } = saved.plan;
    expect(() => parseSavedPlan(JSON.parse(JSON.stringify({ ...saved, plan: unpacked })), 'plan.json')).toThrow(/edited after it was saved/);
  });
});
