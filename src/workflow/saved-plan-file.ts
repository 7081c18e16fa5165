import { randomBytes } from 'node:crypto';
import { open, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { buildSavedPlan, parseSavedPlan, SAVED_PLAN_KIND, SavedPlanError, type SavedPlan } from '../plan/saved-plan.js';
import { stringifyJson } from '../util/visible-text.js';
import type { PublishedPlan } from '../plan/plan.js';
import { publicPlanOfDocument } from '../render/public-plan.js';
import type { PlanRun } from './compute-plan.js';

/** How much of an existing file is read to tell whether it is a saved plan: its `kind` comes first. */
const HEAD_BYTES = 64 * 1024;

export interface WriteSavedPlanOptions {
  /** Replace the file even when it is not a saved plan (`plan --out FILE --force`). */
  readonly force?: boolean;
}

/** A run's plan as it is saved: published (secrets redacted, the token masked), without its hash, which the saved plan keeps beside it. */
export type SavedPlanRun = Omit<PlanRun, 'plan'> & { readonly plan: PublishedPlan };

/**
 * Writes `plan --out`: readable by its owner alone (it names where secrets come from), never half
 * written. An existing file is replaced only when it is a saved plan itself, or with `force`: a
 * manifest given to --out by mistake must not be overwritten with a plan.
 */
export async function writeSavedPlan(file: string, run: SavedPlanRun, cwd: string, options: WriteSavedPlanOptions = {}): Promise<void> {
  await writeSavedPlanDocument(file, savedPlanOf(run), cwd, options);
}

/** The saved plan of a run, as writeSavedPlan writes it: with the manifest's safety limits. */
export function savedPlanOf(run: SavedPlanRun): SavedPlan {
  const { maxDeletes, maxAffectedTerminals } = run.safeguards;
  const safety = { ...(maxDeletes !== undefined ? { maxDeletes } : {}), ...(maxAffectedTerminals !== undefined ? { maxAffectedTerminals } : {}) };
  return buildSavedPlan({
    plan: run.plan,
    desired: run.desired,
    live: run.live.state,
    manifest: run.loaded,
    safety,
    ...(run.environment !== undefined ? { environment: run.environment } : {}),
  });
}

/** Writes a saved plan already built (a promotion's, which keeps more beside its plan), as writeSavedPlan writes one. */
export async function writeSavedPlanDocument(file: string, saved: SavedPlan, cwd: string, options: WriteSavedPlanOptions = {}): Promise<void> {
  await checkPlanDestination(file, cwd, options);
  const target = resolve(cwd, file);
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${stringifyJson(saved, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    throw new ConfigError(`cannot write the plan to ${target}: ${(error as Error).message}`);
  }
}

/**
 * Refuses a destination writeSavedPlan would refuse, so that `plan --out` can say so before it
 * reads the live group; writeSavedPlan checks again when it writes.
 */
export async function checkPlanDestination(file: string, cwd: string, options: WriteSavedPlanOptions = {}): Promise<void> {
  const info = await stat(resolve(cwd, file)).catch(() => undefined);
  // --force replaces a file; nothing replaces a directory or a device with a plan.
  if (info !== undefined && !info.isFile()) {
    throw new SavedPlanError(`${file} ${info.isDirectory() ? 'is a directory' : 'is not a regular file'}: --out writes one file; give the name of a file to write the plan to.`, { file });
  }
  if (options.force === true) return;
  const existing = await describeExisting(resolve(cwd, file));
  if (existing === undefined) return;
  throw new SavedPlanError(
    `${file} already exists and ${existing}; --out replaces only an earlier saved plan. ` +
      'Choose another file name for the plan, or pass --force to replace this file.',
    { file },
  );
}

/** Why the existing file at `target` is not one --out may replace, or undefined when there is none or it is a saved plan. */
async function describeExisting(target: string): Promise<string | undefined> {
  const info = await stat(target).catch(() => undefined);
  if (info === undefined) return undefined;
  const head = await readHead(target);
  if (looksLikeSavedPlan(head)) return undefined;
  return `is not a paycfg saved plan (${whatItIs(target, head)})`;
}

async function readHead(target: string): Promise<string> {
  const handle = await open(target, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A saved plan as writeSavedPlan writes it: a JSON object whose first member is its kind. */
function looksLikeSavedPlan(head: string): boolean {
  return new RegExp(`^\\s*\\{\\s*"kind"\\s*:\\s*"${SAVED_PLAN_KIND}"`).test(head);
}

const PLAN_JSON = 'it holds the output of `paycfg plan --json`';

/** What a file that is not a saved plan seems to be, for the message that refuses it. */
function whatItIs(target: string, head: string): string {
  const extension = extname(target).toLowerCase();
  if (head.trim() === '') return 'it is empty';
  if (/^\s*[{[]/.test(head)) {
    return /"formatVersion"\s*:/.test(head) && /"changes"\s*:/.test(head) ? PLAN_JSON : 'it holds JSON of something else';
  }
  if (extension === '.yaml' || extension === '.yml' || /^(#.*\n|\s*\n)*[A-Za-z][\w-]*\s*:/.test(head)) return 'it looks like a YAML manifest';
  return 'it is some other file';
}

/**
 * Reads a plan saved by `plan --out`. A file that is not one (a manifest given as PLANFILE, the
 * output of `plan --json`) is refused with the command that was probably meant, which reads the
 * file and never writes over it.
 */
export async function readSavedPlan(file: string, cwd: string, command: 'apply' | 'show' | 'check' = 'apply'): Promise<SavedPlan> {
  const target = resolve(cwd, file);
  const notAPlan = (what: string): SavedPlanError => {
    const save = 'A saved plan is written by `paycfg plan -f MANIFEST --out PLANFILE`';
    // What the person meant with a manifest: apply wants it applied; show wants to see its plan.
    const meant =
      what === PLAN_JSON
        ? // The output of `plan --json` is a plan to read, not a manifest: apply -f would not take it either.
          `${save}.`
        : command === 'show' || command === 'check'
          ? `To see the plan of the manifest in it, did you mean \`paycfg plan -f ${file}\`? (${save}.)`
          : `To plan and apply the manifest in it, did you mean \`paycfg apply -f ${file}\`? (${save}.)`;
    return new SavedPlanError(`${file} is not a saved plan: ${what}. ${meant}`, { file });
  };
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory() === true) throw notAPlan('it is a directory');
  let text: string;
  try {
    text = await readFile(target, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // `paycfg apply help` is someone asking for help, not for a plan file named help.
      const help = file === 'help' ? ` Did you mean \`paycfg ${command} --help\`?` : '';
      throw new SavedPlanError(`${file}: no such file. A saved plan is written by \`paycfg plan -f MANIFEST --out PLANFILE\`.${help}`, { file });
    }
    throw new ConfigError(`cannot read the saved plan ${target}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const head = text.slice(0, HEAD_BYTES);
    // Its kind is there but the JSON does not end: a plan cut short (a full disk, an interrupted copy).
    if (looksLikeSavedPlan(head)) {
      throw new SavedPlanError(`${file} is a saved plan that is damaged or cut short (it is not valid JSON); make the plan again with \`paycfg plan -f MANIFEST --out ${file}\`.`, { file });
    }
    throw notAPlan(whatItIs(target, head));
  }
  if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== SAVED_PLAN_KIND) {
    throw notAPlan(whatItIs(target, text.slice(0, HEAD_BYTES)));
  }
  return parseSavedPlan(data, target);
}

/** A saved plan as `show` prints it: published again from its document, with the hash it was saved with (the one the journal of its apply records). */
export function shownSavedPlan(saved: SavedPlan): PublishedPlan {
  const plan = publicPlanOfDocument(saved.plan);
  return saved.planHash === undefined ? plan : { ...plan, planHash: saved.planHash };
}
