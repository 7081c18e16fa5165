/**
 * Builds bundle/: the CLI as one file with every dependency inlined (bundle/paycfg.mjs), which
 * bin/paycfg.js and the GitHub Action run, and the YAML parse worker and the policy worker beside it
 * (bundle/parse-worker.js, bundle/policy-worker.js). `npm run bundle` writes them; `npm run bundle -- --check` writes nothing
 * and exits 1 when a committed file differs, as test/package/bundle.test.ts does.
 *
 * Committed rather than built on install: a clone runs `npx paycfg` at once after `npm ci`, and
 * a `uses:` step of the action starts paycfg without installing anything.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HEADER = '// Built by `npm run bundle` (scripts/build-bundle.ts) from src/: do not edit; rebuild after changing src/.';

/**
 * CommonJS dependencies (ajv, undici, commander...) call `require` for Node's built-ins, which an
 * ES module does not have; esbuild's stand-in would throw. A real one, made for the bundle's URL.
 */
const REQUIRE_SHIM = "import { createRequire as __paycfgCreateRequire } from 'node:module';\nconst require = __paycfgCreateRequire(import.meta.url);";

/** The CLI entry: what bin/paycfg.js did when it imported dist/. */
const CLI_ENTRY = "import { main } from './src/cli/main.ts';\nprocess.exitCode = await main(process.argv.slice(2));\n";

/** esbuild's options for a file of the bundle; the tests build their CLI entry with them too (test/helpers/cli-build.ts). */
export function options(root: string): BuildOptions {
  return {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Reviewable: a diff of the bundle reads as a diff of the code.
    minify: false,
    // Error classes report new.target.name: esbuild must not rename two classes of one name.
    keepNames: true,
    sourcemap: false,
    // A work tree whose node_modules is a link to another checkout's builds the same text.
    preserveSymlinks: true,
    legalComments: 'eof',
    write: false,
    logLevel: 'silent',
    banner: { js: `${HEADER}\n${REQUIRE_SHIM}` },
    // Loaded only for a TypeScript policy module, from paycfg's node_modules (the package) or the
    // pack's project (the Action's bundle has none): inlined, it would carry esbuild into the bundle.
    external: ['tsx/esm/api'],
  };
}

/** The bundle's files, path relative to the repository root → text, built from `root`'s src/. */
export async function buildBundle(root: string = repositoryRoot): Promise<Map<string, string>> {
  const [cli, worker, policyWorker] = await Promise.all([
    build({ ...options(root), stdin: { contents: CLI_ENTRY, resolveDir: root, sourcefile: 'paycfg-cli-entry.ts', loader: 'ts' }, outfile: path.join(root, 'bundle/paycfg.mjs') }),
    // The YAML parse worker (src/manifest/parse-pool.ts starts it by URL beside the module that starts it, as from dist/).
    build({ ...options(root), entryPoints: [path.join(root, 'src/manifest/parse-worker.ts')], outfile: path.join(root, 'bundle/parse-worker.js') }),
    // The policy worker (src/policy/module-runner.ts starts it by URL beside the module that starts it, as parse-pool does).
    build({ ...options(root), entryPoints: [path.join(root, 'src/policy/policy-worker.ts')], outfile: path.join(root, 'bundle/policy-worker.js') }),
  ]);
  const files = new Map<string, string>();
  for (const result of [cli, worker, policyWorker]) {
    if (result.warnings.length > 0) throw new Error(`esbuild warned: ${result.warnings.map((w) => w.text).join('; ')}`);
    for (const file of result.outputFiles ?? []) {
      const text = file.text;
      // Deterministic and the same on every machine: no absolute path of the machine that built it.
      if (text.includes(root)) throw new Error(`${path.relative(root, file.path)} names the build directory ${root}`);
      files.set(path.relative(root, file.path).split(path.sep).join('/'), text);
    }
  }
  return files;
}

/** The bundle files whose committed text differs from a fresh build. */
export async function staleBundleFiles(root: string = repositoryRoot): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of await buildBundle(root)) {
    const committed = await readFile(path.join(root, file), 'utf8').catch(() => undefined);
    if (committed !== text) stale.push(file);
  }
  return stale;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--check')) {
    const stale = await staleBundleFiles();
    for (const file of stale) process.stderr.write(`${file} is stale: run \`npm run bundle\`\n`);
    return stale.length === 0 ? 0 : 1;
  }
  for (const [file, text] of await buildBundle()) {
    await mkdir(path.dirname(path.join(repositoryRoot, file)), { recursive: true });
    await writeFile(path.join(repositoryRoot, file), text);
    process.stdout.write(`wrote ${file} (${Math.round(Buffer.byteLength(text) / 1024)} KiB)\n`);
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main(process.argv.slice(2));
