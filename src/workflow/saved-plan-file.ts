import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { buildSavedPlan, parseSavedPlan, SavedPlanError, type SavedPlan } from '../plan/saved-plan.js';
import { stringifyJson } from '../util/visible-text.js';
import type { PlanRun } from './compute-plan.js';

/** Writes `plan --out`: readable by its owner alone (it names where secrets come from), never half written. */
export async function writeSavedPlan(file: string, run: PlanRun, cwd: string): Promise<void> {
  const saved = buildSavedPlan({ plan: run.plan, desired: run.desired, live: run.live.state, manifest: run.loaded });
  const target = resolve(cwd, file);
  const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${stringifyJson(saved, 2)}\n`, { mode: 0o600 });
    await rename(temp, target);
  } catch (error) {
    throw new ConfigError(`cannot write the plan to ${target}: ${(error as Error).message}`);
  }
}

export async function readSavedPlan(file: string, cwd: string): Promise<SavedPlan> {
  const target = resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(target, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the saved plan ${target}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SavedPlanError(`${target} is not a saved plan (not JSON); write one with \`paycfg plan -f PATH --out ${file}\``);
  }
  return parseSavedPlan(data, target);
}
