import type { Plan } from '../plan/plan.js';
import type { ReportKind } from './plan-wording.js';
import { publicPlanOfDocument } from './public-plan.js';
import { renderPlanJson as renderPublishedJson } from './render-json.js';
import { MARKDOWN_MAX_LENGTH, renderPlanMarkdown as renderPublishedMarkdown, type MarkdownOptions } from './render-markdown.js';
import { renderPlanText as renderPublishedText, type TextOptions } from './render-text.js';
import type { Style } from './style.js';

/**
 * The renderers for a plan document from outside paycfg's own pipeline: the library's callers
 * (what plan() returns, or a plan of their own) hand one back as a Plan. Each is published first
 * (render/public-plan.ts publicPlanOfDocument), then rendered as paycfg renders its own.
 */

export { MARKDOWN_MAX_LENGTH, type MarkdownOptions, type TextOptions };

/** As render/render-text.ts, for a plan document. */
export function renderPlanText(plan: Plan, style: Style, kind: ReportKind = 'plan', options: TextOptions = {}): string {
  return renderPublishedText(publicPlanOfDocument(plan), style, kind, options);
}

/** As render/render-markdown.ts, for a plan document. */
export function renderPlanMarkdown(plan: Plan, kind: ReportKind = 'plan', options: MarkdownOptions = {}): string {
  return renderPublishedMarkdown(publicPlanOfDocument(plan), kind, options);
}

/** As render/render-json.ts, for a plan document: the public JSON form (schemas/plan.schema.json). */
export function renderPlanJson(plan: Plan): string {
  return renderPublishedJson(publicPlanOfDocument(plan));
}
