/**
 * GitHub's own workflow and action parser (@actions/workflow-parser, the one behind GitHub's Actions
 * language server), for tests that check the files the repository ships offline: every key's
 * schema, the allowed values, the expressions and the contexts each may use.
 */
import { register } from 'node:module';

// The parser imports its JSON schemas without `with { type: 'json' }`, which Node refuses; this
// hook gives its JSON files the attribute.
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { return next(url, url.endsWith('.json') && url.includes('/@actions/workflow-parser/') ? { ...context, importAttributes: { type: 'json' } } : context); }",
  )}`,
);
const { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } = await import('@actions/workflow-parser');
const { convertActionTemplate, parseAction } = await import('@actions/workflow-parser/actions/index');

const trace = new NoOperationTraceWriter();

export async function workflowErrors(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, trace);
  // Converting checks what parsing leaves: expressions, and the keys of each job's concurrency.
  if (parsed.value !== undefined) await convertWorkflowTemplate(parsed.context, parsed.value);
  return [...new Set(parsed.context.errors.getErrors().map((error) => error.message))];
}

export function actionErrors(name: string, content: string): string[] {
  const parsed = parseAction({ name, content }, trace);
  if (parsed.value !== undefined) convertActionTemplate(parsed.context, parsed.value);
  return [...new Set(parsed.context.errors.getErrors().map((error) => error.message))];
}

/** `owner/repo[/path]@ref`, a local `./path`, or `docker://image`: what the runner can fetch. */
export function badUses(content: string): string[] {
  const uses = [...content.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)/gm)].map((match) => match[1]!);
  return uses.filter((ref) => !/^(\.\/\S*|docker:\/\/\S+|[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[\w./-]+)$/.test(ref));
}
