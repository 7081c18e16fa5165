import type { Plan, PublishedPlan, RawPlan } from './plan.js';

/**
 * A plan's document: its public JSON form (schemas/plan.schema.json), what `plan --json` prints,
 * a saved plan stores and the library hands out. The one place a plan goes out as a document, and
 * the one place a document comes back in as a plan.
 */

/** The document of a published plan: what `--json`, a saved plan and the library's plan() carry. */
export function planDocument(plan: PublishedPlan): Plan {
  return plan;
}

/**
 * A plan document read back (a saved plan's, or one handed to the library's renderers): taken as a
 * raw plan, which is redacted and published again before it is shown, since a document may come
 * from anywhere (a library caller's own plan holds its secrets in clear).
 */
export function planFromDocument(document: Plan): RawPlan {
  return document as RawPlan;
}
