/** The audit trail of applies: records, writer, apply subscriber, plan hash, reader, summary and renderers. */
export { JournalError } from './errors.js';
export { planHash } from './plan-hash.js';
export { readJournal, type ReadJournal, type TornLine } from './reader.js';
export * from './records.js';
export { renderJournalJson, renderJournalMarkdown, renderJournalText, JOURNAL_SUMMARY_FORMAT_VERSION } from './render.js';
export { failureOf, journalText, type JournalText } from './scrub-text.js';
export { actorOf, gitContext, manifestSource, savedPlanSource, type LocatedSource } from './sources.js';
export { journalApply, type ApplyJournal, type JournalApplyOptions } from './subscriber.js';
export { summariseJournal, type JournalRun, type RunChange, type RunFailure, type RunOverride, type RunPromotion, type RunStatus } from './summary.js';
export { openJournal, type Journal } from './writer.js';
