import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/registry.js';
import { captureIo } from '../../src/cli/io.js';
import { main, reportError } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const basicDir = new URL('../../examples/basic', import.meta.url).pathname;
const basicManifest = readFileSync(join(basicDir, 'paycfg.yaml'), 'utf8');
const SECRET = 'surface-admin-pw';
let sim: TestSimulator;
let env: Record<string, string>;
let work: string;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: 'G-00000001', groupName: 'Surface PBO' });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-00000001'), TILL_ADMIN_PASSWORD: SECRET };
  work = mkdtempSync(join(tmpdir(), 'paycfg-surface-'));
  writeFileSync(join(work, 'paycfg.yaml'), basicManifest);
});
afterAll(async () => {
  await sim.close();
});

async function cli(
  argv: string[],
  options: { env?: Record<string, string>; tty?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean }; stdin?: string; cwd?: string } = {},
) {
  const io = captureIo({ env: options.env ?? env, tty: options.tty ?? false, cwd: options.cwd ?? work, ...(options.stdin !== undefined ? { stdin: options.stdin } : {}) });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** Text of Node's parseArgs and of commander that names something the user did not type. */
const FOREIGN_PARSER_TEXT = /Unknown option|ERR_PARSE_ARGS|argument is ambiguous|error: unknown option '-[a-z]'|Did you mean/;

describe('mistyped commands and flags', () => {
  it('suggests the flag meant for a misspelt long flag, with the usage line on stderr', async () => {
    const { code, out, err } = await cli(['apply', '-f', 'paycfg.yaml', '--auto-aprove']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^Error: paycfg apply: unknown flag "--auto-aprove"; did you mean --auto-approve\?\n/);
    expect(err).toContain('Usage: paycfg apply -f PATH... [flags]');
    expect(err).not.toMatch(FOREIGN_PARSER_TEXT);
  });

  it('names a single-dash long flag as typed, with or without a value, and sends nothing', async () => {
    await sim.admin.resetStats();
    const single = await cli(['apply', '-f', 'paycfg.yaml', '-auto-approve']);
    expect(single.code).toBe(1);
    expect(single.err).toContain('unknown flag "-auto-approve"; did you mean --auto-approve?');
    expect(single.err).not.toMatch(FOREIGN_PARSER_TEXT);
    // commander alone would read -o with the value "ut=plan.json" and write a file of that name.
    const out = await cli(['plan', '-f', 'paycfg.yaml', '-out=plan.json']);
    expect(out.code).toBe(1);
    expect(out.err).toContain('unknown flag "-out=plan.json"; did you mean --out=plan.json?');
    expect(readdirSync(work).filter((f) => f.includes('plan.json'))).toEqual([]);
    const typo = await cli(['apply', '-f', 'paycfg.yaml', '-auto-aprove']);
    expect(typo.err).toContain('did you mean --auto-approve?');
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('reads -o=plan.json as -o plan.json and -f=paycfg.yaml as -f paycfg.yaml, never a file named "=…"', async () => {
    const saved = await cli(['plan', '-f=paycfg.yaml', '-o=short-form.json']);
    expect(saved.code, saved.err).toBe(0);
    expect(readdirSync(work).filter((f) => f.includes('short-form.json'))).toEqual(['short-form.json']);
    const valid = await cli(['validate', '-f=paycfg.yaml'], { env: { TILL_ADMIN_PASSWORD: SECRET } });
    expect(valid.code, valid.err).toBe(0);
    expect(valid.out).toContain('manifest valid: 1 file');
  });

  it('suggests flags by its own closest match, not by the text of commander\'s errors', async () => {
    // commander has no suggestion for a flag typed in capitals (every letter differs).
    const shouted = await cli(['apply', '-f', 'paycfg.yaml', '--AUTO-APPROVE']);
    expect(shouted.err).toMatch(/^Error: paycfg apply: unknown flag "--AUTO-APPROVE"; did you mean --auto-approve\?\n/);
    const valued = await cli(['apply', '-f', 'paycfg.yaml', '--auto-aprove=yes']);
    expect(valued.err).toMatch(/^Error: paycfg apply: unknown flag "--auto-aprove=yes"; did you mean --auto-approve\?\n/);
    expect((await cli(['plan', '-x'])).err).toMatch(/^Error: paycfg plan: unknown flag "-x"\n/);
    expect((await cli(['plan', '--out'])).err).toMatch(/^Error: paycfg plan: -o\/--out needs a value \(FILE\)\n/);
    expect((await cli(['plan', '--parallelism'])).err).toMatch(/^Error: paycfg plan: --parallelism needs a value \(N\)\n/);
    for (const result of [shouted, valued]) expect(result.err).not.toMatch(FOREIGN_PARSER_TEXT);
  });

  it('names the command in the error of a number flag, and suggests the subcommand of sim', async () => {
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--parallelism', '0'])).err).toMatch(/^Error: paycfg plan: --parallelism must be a whole number from 1 to 64, got "0"\n/);
    expect((await cli(['sim', '--fault-rate', '2'])).err).toMatch(/^Error: paycfg sim: --fault-rate must be a number from 0 to 1, got "2"\n/);
    expect((await cli(['sim', 'token', '--group', 'G-1', '--ttl', 'x'])).err).toMatch(/^Error: paycfg sim token: --ttl must be a whole number/);
    const sub = await cli(['sim', 'tokn', '--group', 'G-00000001']);
    expect(sub.code).toBe(1);
    expect(sub.err).toMatch(/^Error: paycfg sim: unknown subcommand "tokn"; did you mean `paycfg sim token`\?\n/);
  });

  it('takes --no-color on every command, a no-op where nothing is coloured', async () => {
    const valid = await cli(['validate', '-f', 'paycfg.yaml', '--no-color'], { env: { TILL_ADMIN_PASSWORD: SECRET } });
    expect(valid.code, valid.err).toBe(0);
    const exported = await cli(['export', '--no-color'], { tty: true });
    expect(exported.code, exported.err).toBe(0);
    expect(exported.out).toContain('emvConfigs:');
    expect((await cli(['sim', 'token', '--group', 'G-00000001', '--no-color'])).code).toBe(0);
    for (const name of Object.keys(commands)) expect((await cli([name, '--help'])).out, name).toContain('--no-color');
  });

  it('says "Flags:" in help as the usage line says [flags], and wraps a long usage line', async () => {
    for (const name of Object.keys(commands)) {
      const { out } = await cli([name, '--help']);
      expect(out, name).toMatch(/\nFlags:\n/);
      expect(out, name).not.toContain('Options:');
      const usage = out.slice(0, out.indexOf('\n\n'));
      for (const line of usage.split('\n')) expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(100);
    }
    const sim = (await cli(['sim', '--help'])).out;
    expect(sim).toMatch(/^Usage: paycfg sim \[--port N\] .*\n {18}\[/);
  });

  it('reads a short flag with its value attached as the flag and its value', async () => {
    const { code, out } = await cli(['validate', '-fpaycfg.yaml'], { env: { TILL_ADMIN_PASSWORD: SECRET } });
    expect(code).toBe(0);
    expect(out).toContain('manifest valid: 1 file');
  });

  it('suggests the command meant, and says what a stray manifest path needs', async () => {
    const command = await cli(['aply']);
    expect(command.code).toBe(1);
    expect(command.err).toMatch(/^Error: unknown command "aply"; did you mean apply\?\nUsage: paycfg <command> \[flags\]/);
    const stray = await cli(['plan', 'paycfg.yaml']);
    expect(stray.code).toBe(1);
    expect(stray.err).toContain('unexpected argument "paycfg.yaml"; pass manifest paths with -f: did you mean `paycfg plan -f paycfg.yaml`?');
    const missing = await cli(['plan', '-f']);
    expect(missing.err).toMatch(/^Error: paycfg plan: -f\/--file needs a value \(PATH\)\n/);
    const boolValue = await cli(['apply', '--auto-approve=yes']);
    expect(boolValue.err).toContain('--auto-approve takes no value');
  });

  it('prints the usage on stderr and exits 1 without a command; help on stdout and exit 0 with --help', async () => {
    const none = await cli([]);
    expect(none).toMatchObject({ code: 1, out: '' });
    expect(none.err).toContain('Usage: paycfg <command> [flags]');
    const help = await cli(['--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    for (const name of Object.keys(commands)) expect(help.out).toContain(`  ${name}`);
    expect(await cli(['--version'])).toMatchObject({ code: 0, out: 'paycfg 0.1.0\n' });
  });

  it('lists the flags, environment variables and exit codes of every command in its --help', async () => {
    const expected: Record<string, { flags: string[]; env: string[]; codes: string[] }> = {
      validate: { flags: ['-f, --file PATH', '--json', '--allow-missing-env'], env: [], codes: ['0', '1'] },
      plan: { flags: ['-o, --out FILE', '--force', '--detailed-exitcode', '--no-color', '--base-url URL'], env: ['PAYCFG_BASE_URL', 'PAYCFG_TOKEN', 'NO_COLOR'], codes: ['0', '1', '2'] },
      apply: { flags: ['--auto-approve', '--no-color', '--json', '--target ADDRESS'], env: ['PAYCFG_TOKEN', 'CI', 'NO_COLOR'], codes: ['0', '1', '130'] },
      drift: { flags: ['--ignore-unmanaged', '--no-color'], env: ['PAYCFG_BASE_URL', 'NO_COLOR'], codes: ['0', '1', '2'] },
      export: { flags: ['-o, --out FILE', '--out-dir DIR', '--force'], env: ['PAYCFG_TOKEN'], codes: ['0', '1'] },
      show: { flags: ['--json', '--markdown', '--no-color'], env: ['NO_COLOR'], codes: ['0', '1'] },
      sim: { flags: ['--port N', '--fault-rate P'], env: ['PAYCFG_SIM_SECRET'], codes: ['0', '1'] },
    };
    for (const [name, want] of Object.entries(expected)) {
      const { code, out, err } = await cli([name, '--help']);
      expect(code, name).toBe(0);
      expect(err, name).toBe('');
      expect(out, name).toContain(`Usage: paycfg ${name}`);
      for (const flag of want.flags) expect(out, `${name} ${flag}`).toContain(flag);
      if (want.env.length > 0) expect(out, name).toContain('Environment variables:');
      for (const variable of want.env) expect(out, `${name} ${variable}`).toMatch(new RegExp(`\\n  ${variable} +\\S`));
      const codes = out.slice(out.indexOf('Exit codes:'));
      for (const exit of want.codes) expect(codes, `${name} exit ${exit}`).toMatch(new RegExp(`\\n  ${exit} +\\S`));
    }
    expect((await cli(['help', 'plan'])).out).toBe((await cli(['plan', '--help'])).out);
  });
});

describe('--json errors', () => {
  it('takes --json=1 as asking for JSON: its refusal is printed as JSON', async () => {
    for (const word of ['--json=1', '--json=true']) {
      const { code, out, err } = await cli(['plan', '-f', 'paycfg.yaml', word]);
      expect(code, word).toBe(1);
      expect(err, word).toBe('');
      expect(JSON.parse(out), word).toEqual({ error: { code: 'USAGE', message: `paycfg plan: --json takes no value (got "${word}")` } });
    }
  });

  it('prints a usage error as JSON on stdout, with the same exit code', async () => {
    const { code, out, err } = await cli(['plan', '--json', '--bogus']);
    expect(code).toBe(1);
    expect(err).toBe('');
    expect(JSON.parse(out)).toEqual({ error: { code: 'USAGE', message: 'paycfg plan: unknown flag "--bogus"' } });
  });

  it('prints a configuration error and a manifest error as JSON, with their details and no secret', async () => {
    const config = await cli(['plan', '-f', 'paycfg.yaml', '--json'], { env: { TILL_ADMIN_PASSWORD: SECRET } });
    expect(config.code).toBe(1);
    expect(JSON.parse(config.out).error.code).toBe('CONFIG');
    writeFileSync(join(work, 'broken.yaml'), 'version: 1\nemvConfigs: [\n');
    const manifest = await cli(['plan', '-f', 'broken.yaml', '--json']);
    expect(manifest.code).toBe(1);
    const error = JSON.parse(manifest.out).error;
    expect(error.code).toBe('MANIFEST');
    expect(error.diagnostics[0]).toMatchObject({ file: 'broken.yaml', line: expect.any(Number), col: expect.any(Number) });
    expect(manifest.out).not.toContain(env.PAYCFG_TOKEN);
    // export and sim take --json for their errors too.
    expect(JSON.parse((await cli(['export', '--json', 'stray'])).out).error.code).toBe('USAGE');
    expect(JSON.parse((await cli(['sim', 'token', '--json'])).out).error.message).toContain('--group is required');
  });

  it('prints an unexpected failure as INTERNAL, its stack on stderr only', () => {
    const io = captureIo();
    expect(reportError(new TypeError('boom'), io, { json: true })).toBe(1);
    expect(JSON.parse(io.out())).toEqual({ error: { code: 'INTERNAL', message: 'unexpected failure (this is a bug in paycfg; please report it): boom' } });
    expect(io.err()).toContain('TypeError: boom');
  });

  it('leaves the report of validate --json on an invalid manifest as it is', async () => {
    const { code, out } = await cli(['validate', '-f', 'broken.yaml', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ formatVersion: 1, valid: false, counts: null });
    expect(report.error).toBeUndefined();
  });
});

describe('-f - (the manifest on standard input)', () => {
  it('validates a manifest read from standard input', async () => {
    const { code, out } = await cli(['validate', '-f', '-'], { env: { TILL_ADMIN_PASSWORD: SECRET }, stdin: basicManifest });
    expect(code).toBe(0);
    expect(out).toContain('manifest valid: 1 file');
  });

  it('says on stderr that it reads the manifest from a terminal, until Ctrl-D; nothing when stdin is a pipe', async () => {
    const notice = 'reading the manifest from standard input; end it with Ctrl-D\n';
    const typed = await cli(['validate', '-f', '-'], { env: { TILL_ADMIN_PASSWORD: SECRET }, stdin: basicManifest, tty: true });
    expect(typed.code).toBe(0);
    expect(typed.err).toBe(notice);
    const planned = await cli(['plan', '-f', '-'], { stdin: basicManifest, tty: { stdin: true } });
    expect(planned.err.startsWith(notice), planned.err).toBe(true);
    const piped = await cli(['validate', '-f', '-'], { env: { TILL_ADMIN_PASSWORD: SECRET }, stdin: basicManifest });
    expect(piped.err).toBe('');
  });

  it('names it <stdin> with line and column in a problem', async () => {
    const { code, err } = await cli(['validate', '-f', '-'], { stdin: 'version: 1\nemvConfigs:\n  - name: x\n    bogus: 1\n' });
    expect(code).toBe(1);
    expect(err).toMatch(/^<stdin>:\d+:\d+: /m);
  });

  it('refuses standard input given twice', async () => {
    for (const command of ['validate', 'plan', 'drift']) {
      const { code, err } = await cli([command, '-f', '-', '-f', '-'], { stdin: basicManifest });
      expect(code, command).toBe(1);
      expect(err, command).toContain(`paycfg ${command}: -f - (standard input) is given twice`);
    }
    const apply = await cli(['apply', '-f', '-', '-f', '-', '--auto-approve'], { stdin: basicManifest });
    expect(apply.code).toBe(1);
    expect(apply.err).toContain('- (standard input) is given twice');
  });

  it('plans, applies and reports drift from a manifest read from standard input', async () => {
    // A group of its own: this test writes.
    await sim.admin.createGroup({ groupId: 'G-00000009', groupName: 'Stdin PBO' });
    const own = { ...env, PAYCFG_TOKEN: sim.token('G-00000009') };
    const manifest = basicManifest.replace(/^group: G-00000001$/m, 'group: G-00000009');
    expect(manifest).toContain('group: G-00000009');
    const plan = await cli(['plan', '-f', '-', '--detailed-exitcode'], { env: own, stdin: manifest });
    expect(plan.code, plan.err).toBe(2);
    expect(plan.out).toContain('# emv/visa-usd will be created');
    const drift = await cli(['drift', '-f', '-'], { env: own, stdin: manifest });
    expect(drift.code, drift.err).toBe(2);
    const apply = await cli(['apply', '-f', '-', '--auto-approve'], { env: own, stdin: manifest });
    expect(apply.code, apply.err).toBe(0);
    expect(apply.out).toMatch(/Apply complete: \d+ done, 0 failed/);
    const again = await cli(['plan', '-f', '-', '--detailed-exitcode'], { env: own, stdin: manifest });
    expect(again.code, again.out).toBe(0);
    const broken = await cli(['plan', '-f', '-'], { env: own, stdin: 'version: 1\nemvConfigs: [\n' });
    expect(broken.code).toBe(1);
    expect(broken.err).toMatch(/^<stdin>:\d+:\d+: /m);
  });
});

describe('plan --out and -o', () => {
  it('refuses to write over a manifest before reading the live group, says what it is and how to go on', async () => {
    await sim.admin.resetStats();
    for (const flag of ['--out', '-o']) {
      const { code, err } = await cli(['plan', '-f', 'paycfg.yaml', flag, 'paycfg.yaml']);
      expect(code, flag).toBe(1);
      expect(err, flag).toContain('paycfg.yaml already exists and is not a paycfg saved plan (it looks like a YAML manifest)');
      expect(err, flag).toContain('pass --force to replace this file');
      expect(readFileSync(join(work, 'paycfg.yaml'), 'utf8')).toBe(basicManifest);
    }
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('replaces an earlier saved plan, and any file with --force', async () => {
    expect((await cli(['plan', '-f', 'paycfg.yaml', '-o', 'saved.json'])).code).toBe(0);
    const first = JSON.parse(readFileSync(join(work, 'saved.json'), 'utf8'));
    expect(first.kind).toBe('paycfg-saved-plan');
    const again = await cli(['plan', '-f', 'paycfg.yaml', '--out', 'saved.json']);
    expect(again.code, again.err).toBe(0);
    writeFileSync(join(work, 'notes.txt'), 'keep me?\n');
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--out', 'notes.txt'])).err).toContain('notes.txt already exists and is not a paycfg saved plan');
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--out', 'notes.txt', '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'notes.txt'), 'utf8')).kind).toBe('paycfg-saved-plan');
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--force'])).err).toContain('--force goes with --out FILE');
  });
});

describe('apply PLANFILE with a file that is not a saved plan', () => {
  it('says `paycfg apply -f FILE` for a manifest, and never a command that writes over it', async () => {
    await sim.admin.resetStats();
    const { code, err } = await cli(['apply', 'paycfg.yaml']);
    expect(code).toBe(1);
    expect(err).toContain('did you mean `paycfg apply -f paycfg.yaml`?');
    expect(err).not.toMatch(/--out paycfg\.yaml|-o paycfg\.yaml/);
    expect(readFileSync(join(work, 'paycfg.yaml'), 'utf8')).toBe(basicManifest);
    expect((await sim.admin.stats()).total).toBe(0);
  });

  it('tells the output of plan --json from a saved plan', async () => {
    const json = await cli(['plan', '-f', 'paycfg.yaml', '--json']);
    writeFileSync(join(work, 'plan-output.json'), json.out);
    const { code, err } = await cli(['apply', 'plan-output.json']);
    expect(code).toBe(1);
    expect(err).toContain('plan-output.json is not a saved plan: it holds the output of `paycfg plan --json`');
    expect(err).toContain('`paycfg plan -f MANIFEST --out PLANFILE`');
    expect(err).not.toContain('apply -f plan-output.json');
  });
});

describe('paycfg show', () => {
  it('prints a saved plan as text, JSON and markdown, with no service and no token', async () => {
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--out', 'show.json'])).code).toBe(0);
    const offline = { NO_COLOR: '' };
    const text = await cli(['show', 'show.json'], { env: offline });
    expect(text.code, text.err).toBe(0);
    expect(text.out).toMatch(/^Saved plan show\.json, made \d{4}-\d\d-\d\dT[^ ]+ from paycfg\.yaml;/);
    expect(text.out).toContain('# emv/visa-usd will be created');
    expect(text.out).toContain('+ deviceAdmin = (sensitive)');
    expect(text.out).not.toContain(SECRET);
    const json = await cli(['show', 'show.json', '--json'], { env: offline });
    expect(JSON.parse(json.out).changes.map((c: { address: string }) => c.address)).toContain('device/coffee-001/till-1');
    const markdown = await cli(['show', 'show.json', '--markdown'], { env: offline });
    expect(markdown.out, markdown.err).toMatch(/^### paycfg plan: /);
    expect((await cli(['show', 'show.json', '--markdown', '--json'])).out).toContain('choose one of --json and --markdown');
  });

  it('colours on a terminal unless --no-color or NO_COLOR', async () => {
    expect((await cli(['show', 'show.json'], { tty: true, env: {} })).out).toContain('\u001b[');
    expect((await cli(['show', 'show.json', '--no-color'], { tty: true, env: {} })).out).not.toContain('\u001b[');
    expect((await cli(['show', 'show.json'], { tty: true, env: { NO_COLOR: '1' } })).out).not.toContain('\u001b[');
  });

  it('refuses a file that is not a saved plan, suggesting the plan of a manifest', async () => {
    const { code, err } = await cli(['show', 'paycfg.yaml']);
    expect(code).toBe(1);
    expect(err).toContain('paycfg.yaml is not a saved plan: it looks like a YAML manifest');
    expect(err).toContain('did you mean `paycfg plan -f paycfg.yaml`?');
    expect((await cli(['show'])).err).toContain('paycfg show: give the plan file');
  });
});

describe('--no-color', () => {
  it('turns colour off on a terminal for plan and drift', async () => {
    expect((await cli(['plan', '-f', 'paycfg.yaml'], { tty: true })).out).toContain('\u001b[');
    expect((await cli(['plan', '-f', 'paycfg.yaml', '--no-color'], { tty: true })).out).not.toContain('\u001b[');
    expect((await cli(['drift', '-f', 'paycfg.yaml'], { tty: true })).out).toContain('\u001b[');
    expect((await cli(['drift', '-f', 'paycfg.yaml', '--no-color'], { tty: true })).out).not.toContain('\u001b[');
  });
});

it('leaves no temporary file behind in the work directory', () => {
  expect(readdirSync(work).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  expect(existsSync(join(work, 'ut=plan.json'))).toBe(false);
});

describe('export -o', () => {
  it('refuses an existing file without --force, like --out-dir, and replaces it with --force', async () => {
    writeFileSync(join(work, 'exported.yaml'), 'hand-written: true\n');
    const refused = await cli(['export', '-o', 'exported.yaml']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--force');
    expect(readFileSync(join(work, 'exported.yaml'), 'utf8')).toBe('hand-written: true\n');
    const forced = await cli(['export', '-o', 'exported.yaml', '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(readFileSync(join(work, 'exported.yaml'), 'utf8')).toMatch(/^# yaml-language-server/);
  });
});
