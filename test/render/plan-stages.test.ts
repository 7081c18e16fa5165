/**
 * A raw plan, a redacted plan and a published plan are different types: a renderer, `--json` and
 * the saved-plan writer take a published plan alone, and each stage is made from the one before.
 * The `@ts-expect-error` lines are checked by the typecheck (`npm run typecheck`), which fails when
 * one of them compiles: a raw plan passed where a published one is needed.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { planChanges } from '../../src/plan/plan-changes.js';
import { planDocument, planFromDocument } from '../../src/plan/plan-document.js';
import type { Plan, PublishedPlan, RawPlan, RedactedPlan } from '../../src/plan/plan.js';
import { publishedPlan } from '../../src/plan/published-plan.js';
import { buildSavedPlan } from '../../src/plan/saved-plan.js';
import { publicPlan, publicPlanOfDocument } from '../../src/render/public-plan.js';
import { redactPlan, scrubPlan } from '../../src/render/redact.js';
import { renderPlanJson } from '../../src/render/render-json.js';
import { renderPlanMarkdown } from '../../src/render/render-markdown.js';
import { renderPlanText } from '../../src/render/render-text.js';
import { createStyle } from '../../src/render/style.js';
import { visiblePlan } from '../../src/render/visible-plan.js';
import { context, desiredState, device, liveState, merchant } from '../plan/states.js';

const style = createStyle(false);

function rawPlan(): RawPlan {
  const desired = desiredState([merchant('m1'), device('m1', 't1', { deviceAdmin: 'admin-secret' })], {
    managedDevices: ['m1'],
    sensitive: ['device/m1/t1#/deviceAdmin'],
  });
  return planChanges(desired, liveState([]), context);
}

/** Never called: what it holds is checked by the typecheck alone. */
function refusedByTheTypecheck(raw: RawPlan, redacted: RedactedPlan, document: Plan): void {
  // @ts-expect-error the text renderer shows a published plan, never a raw one
  renderPlanText(raw, style);
  // @ts-expect-error nor a redacted one that was not published
  renderPlanText(redacted, style);
  // @ts-expect-error nor a document that was not read in (plan-document.ts) and published
  renderPlanText(document, style);
  // @ts-expect-error --json prints a published plan
  renderPlanJson(raw);
  // @ts-expect-error the Markdown renderer too
  renderPlanMarkdown(raw);
  // @ts-expect-error published from a redacted plan only
  publishedPlan(raw);
  // @ts-expect-error redacted from a raw plan only
  redactPlan(document);
  // @ts-expect-error the visible plan is made for the renderers from a published plan
  visiblePlan(redacted);
  // @ts-expect-error a published plan's document is what goes out; a raw plan has none
  planDocument(raw);
  buildSavedPlan({
    // @ts-expect-error the saved-plan writer stores a published plan
    plan: raw,
    desired: desiredState([]),
    live: liveState([]),
    manifest: { files: [], secretDefaults: new Map() },
  });
}

describe('plan stages', () => {
  it('each stage is made from the one before, and is a type of its own', () => {
    const raw = rawPlan();
    expectTypeOf(raw).toEqualTypeOf<RawPlan>();
    expectTypeOf(redactPlan(raw)).toEqualTypeOf<RedactedPlan>();
    expectTypeOf(publishedPlan(redactPlan(raw))).toEqualTypeOf<PublishedPlan>();
    expectTypeOf(publicPlan(raw)).toEqualTypeOf<PublishedPlan>();
    expectTypeOf(planFromDocument(planDocument(publicPlan(raw)))).toEqualTypeOf<RawPlan>();
    // Scrubbing the token keeps a plan at its stage.
    expectTypeOf(scrubPlan(raw, ['t'])).toEqualTypeOf<RawPlan>();
    expectTypeOf<RawPlan>().not.toExtend<RedactedPlan>();
    expectTypeOf<RawPlan>().not.toExtend<PublishedPlan>();
    expectTypeOf<RedactedPlan>().not.toExtend<PublishedPlan>();
    expectTypeOf<Plan>().not.toExtend<PublishedPlan>();
    // Every stage is a plan: what reads any plan (hasChanges, the summary) takes each.
    expectTypeOf<PublishedPlan>().toExtend<Plan>();
    expect(refusedByTheTypecheck).toBeTypeOf('function');
  });

  it('what a published plan shows holds no secret the raw plan holds', () => {
    const raw = rawPlan();
    expect(JSON.stringify(raw)).toContain('admin-secret');
    const published = publicPlan(raw);
    expect(JSON.stringify(published)).not.toContain('admin-secret');
    expect(renderPlanText(published, style)).not.toContain('admin-secret');
    expect(renderPlanJson(published)).not.toContain('admin-secret');
    // A document read back is published again before it is shown: the same plan.
    expect(renderPlanJson(publicPlanOfDocument(planDocument(published)))).toBe(renderPlanJson(published));
    expect(renderPlanJson(publicPlanOfDocument(raw))).toBe(renderPlanJson(published));
  });
});
