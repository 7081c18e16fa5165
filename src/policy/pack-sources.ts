import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { PlanPolicyPack } from '../plan/plan.js';
import { PolicyModuleError } from './errors.js';
import type { PackSource } from './types.js';

/**
 * Where packs come from and how a plan records them: `builtin`, or a module's path, read relative
 * to the file (or working directory) that named it, and recorded in the plan relative to the
 * working directory, so that `apply PLANFILE` and `check PLANFILE` evaluate the same packs.
 */

/** The name that stands for paycfg's own plan pack (builtin-pack.ts). */
export const BUILTIN_PACK = 'builtin';

const MODULE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts'];

/** A pack source made concrete: the built-in pack, or a module file that exists. */
export type ResolvedPack = { readonly source: PackSource; readonly label: string } & ({ readonly builtin: true } | { readonly builtin: false; readonly path: string });

/** How messages name a pack: as it was written, and where. */
export function packLabel(source: PackSource): string {
  return source.pack === BUILTIN_PACK ? `builtin (${source.namedAt})` : `${source.pack} (${source.namedAt})`;
}

/**
 * The packs to evaluate, each once: a pack named twice (by the manifest and by --policy, or by a
 * saved plan and --policy again) is evaluated with the first naming's levels and config.
 * @throws PolicyModuleError for a module path that is not a module file paycfg loads, or names no file.
 */
export async function resolvePacks(sources: readonly PackSource[]): Promise<ResolvedPack[]> {
  const seen = new Set<string>();
  const out: ResolvedPack[] = [];
  for (const source of sources) {
    const label = packLabel(source);
    if (source.pack === BUILTIN_PACK) {
      if (seen.has(BUILTIN_PACK)) continue;
      seen.add(BUILTIN_PACK);
      out.push({ source, label, builtin: true });
      continue;
    }
    const file = path.resolve(source.baseDir, source.pack);
    if (seen.has(file)) continue;
    seen.add(file);
    if (!MODULE_EXTENSIONS.includes(path.extname(file))) {
      throw new PolicyModuleError(label, `a policy module is a JavaScript or TypeScript file (${MODULE_EXTENSIONS.join(', ')}), or \`builtin\` for paycfg's own pack`);
    }
    const info = await stat(file).catch(() => undefined);
    if (info === undefined) throw new PolicyModuleError(label, `cannot be found: there is no file ${file}`);
    if (!info.isFile()) throw new PolicyModuleError(label, `cannot be loaded: ${file} is not a file`);
    out.push({ source, label, builtin: false, path: file });
  }
  return out;
}

/** A pack source as a plan records it: a module's path relative to `cwd`, with `/`. */
export function planPolicyPackOf(source: PackSource, cwd: string): PlanPolicyPack {
  const pack = source.pack === BUILTIN_PACK ? BUILTIN_PACK : path.relative(cwd, path.resolve(source.baseDir, source.pack)).split(path.sep).join('/');
  return {
    pack: pack === BUILTIN_PACK || pack.startsWith('.') || path.isAbsolute(pack) ? pack : `./${pack}`,
    namedAt: source.namedAt,
    ...(source.levels !== undefined ? { levels: source.levels } : {}),
    ...(source.config !== undefined ? { config: source.config } : {}),
  };
}

/** The packs a plan records, as sources read from `cwd` (the working directory of the run that checks or applies it). */
export function packSourcesOfPlan(packs: readonly PlanPolicyPack[] | undefined, cwd: string): PackSource[] {
  return (packs ?? []).map((pack) => ({
    pack: pack.pack,
    baseDir: cwd,
    namedAt: pack.namedAt,
    ...(pack.levels !== undefined ? { levels: pack.levels } : {}),
    ...(pack.config !== undefined ? { config: pack.config } : {}),
  }));
}

/** `--policy PATH|builtin` values as sources, relative to the working directory. */
export function packSourcesOfFlags(values: readonly string[] | undefined, cwd: string): PackSource[] {
  return (values ?? []).map((pack) => ({ pack, baseDir: cwd, namedAt: '--policy' }));
}
