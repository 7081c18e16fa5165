import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../../src/errors.js';
import { ManifestError, formatDiagnostic, loadManifest } from '../../src/manifest/index.js';
import { parseManifestTexts } from '../../src/manifest/parse-pool.js';
import { parseYamlData, type YamlData } from '../../src/manifest/parse-yaml.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests/', import.meta.url));
const EXAMPLES = fileURLToPath(new URL('../../examples/', import.meta.url));

function files(count: number): { name: string; text: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `f${i}.yaml`,
    // Every third file is broken, so that problems come back in file order too.
    text: i % 3 === 2 ? `merchants: [\n  - providerReference: m-${i}\n` : `merchants:\n  - providerReference: m-${i}\n    devices: [{ deviceAlias: till-${i} }]\n`,
  }));
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A parse as data: the line counter and the tree are classes, compared by what they hold. */
function asData(parsed: YamlData | undefined): unknown {
  if (parsed === undefined) return undefined;
  return { value: parsed.value, diagnostics: parsed.diagnostics, lineStarts: parsed.positions.lineCounter.lineStarts, tree: parsed.positions.tree?.toData() };
}

describe('parseManifestTexts', () => {
  it('answers in file order, with what parsing on the main thread gives, positions included', async () => {
    const input = files(7);
    const parsed = await collect(parseManifestTexts(input, { workers: 'always' }));
    expect(parsed.map(asData)).toEqual(input.map((file) => asData(parseYamlData(file.text, file.name))));
    expect(parsed[0]?.positions.tree?.offsetOf(['merchants', 0, 'devices', 0, 'deviceAlias'])).toBe(input[0]!.text.indexOf('till-0'));
    expect(parsed[2]?.diagnostics.map(formatDiagnostic)[0]).toMatch(/^f2\.yaml:1:12: invalid YAML: this "\[" opens a list that is not closed/);
  });

  it('brings back numbers that JSON cannot hold exactly', async () => {
    const [parsed] = await collect(parseManifestTexts([{ name: 'n.yaml', text: 'a: .inf\nb: -.inf\nc: .nan\nd: -0\ne: [1.5, "x"]\n' }], { workers: 'always' }));
    const value = parsed?.value as Record<string, unknown>;
    expect(value['a']).toBe(Infinity);
    expect(value['b']).toBe(-Infinity);
    expect(value['c']).toBeNaN();
    expect(Object.is(value['d'], -0)).toBe(true);
    expect(value['e']).toEqual([1.5, 'x']);
  });

  it('reports a document too deep for the parser the same way in a worker and on the main thread', async () => {
    const text = `merchants:\n  - a: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    const [inWorker] = await collect(parseManifestTexts([{ name: 'deep.yaml', text }], { workers: 'always' }));
    const expected = [`deep.yaml:2:${'  - a: '.length + 63}: invalid YAML: the document is nested too deeply to read (at most 64 levels)`];
    expect(inWorker?.diagnostics.map(formatDiagnostic)).toEqual(expected);
    expect(parseYamlData(text, 'deep.yaml').diagnostics.map(formatDiagnostic)).toEqual(expected);
  });

  it('reports a crashed worker as a bug in paycfg, naming the file it was reading', async () => {
    // Not a string: parseYamlData throws inside the worker, as a bug in paycfg would.
    const input = [files(1)[0]!, { name: 'crash.yaml', text: 42 as unknown as string }, ...files(3).slice(1)];
    const parsing = parseManifestTexts(input, { workers: 'always' });
    const outcomes: unknown[] = [];
    for (let i = 0; i < 2; i++) outcomes.push(await parsing.next().then((next) => asData(next.value as YamlData), (error: unknown) => error));
    expect(outcomes[0]).toEqual(asData(parseYamlData(input[0]!.text, input[0]!.name)));
    expect(outcomes[1]).toBeInstanceOf(InternalError);
    expect((outcomes[1] as Error).message).toContain('reading crash.yaml in a worker thread failed');
  });
});

async function outcome(paths: readonly string[], cwd: string, workers: 'always' | 'never'): Promise<unknown> {
  try {
    const loaded = await loadManifest(paths, {
      env: { PAYCFG_FIXTURE_SET: 'x', TILL_ADMIN_PIN: 'pin-1', PAYCFG_DEVICE_ADMIN: 'admin-1' },
      cwd,
      maxFileBytes: 4096,
      parse: { workers },
      allowMissingEnv: true,
    });
    return { manifest: loaded.manifest, secrets: loaded.secrets, counts: loaded.counts, located: loaded.locate(['merchants', 0, 'devices', 0]) };
  } catch (error) {
    if (error instanceof ManifestError) return error.diagnostics.map(formatDiagnostic);
    throw error;
  }
}

describe('loadManifest with parse workers', () => {
  it('finds the same problems at the same positions in every broken manifest of the corpus', async () => {
    const names = readdirSync(FIXTURES).filter((name) => !name.startsWith('.') && !name.endsWith('.expected.txt'));
    const inWorkers = await outcome(names, FIXTURES, 'always');
    expect(Array.isArray(inWorkers) && inWorkers.length).toBeGreaterThan(30);
    expect(inWorkers).toEqual(await outcome(names, FIXTURES, 'never'));
  });

  it('loads every example to the same manifest, secrets and positions', async () => {
    for (const example of readdirSync(EXAMPLES).filter((name) => !name.startsWith('.'))) {
      const inWorkers = await outcome([example], EXAMPLES, 'always');
      expect(inWorkers, example).toEqual(await outcome([example], EXAMPLES, 'never'));
    }
  });
});
