import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { failureOf, journalText } from '../../src/journal/scrub-text.js';
import { actorOf, gitContext, manifestSource, osAccountName, savedPlanSource } from '../../src/journal/sources.js';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-git-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  mkdirSync(join(dir, 'manifests'));
  writeFileSync(join(dir, 'manifests', 'a.yaml'), 'version: 1\n');
  writeFileSync(join(dir, 'manifests', 'b.yaml'), 'version: 1\n');
  git('add', '.');
  git('commit', '-q', '-m', 'manifests');
  return dir;
}

const head = (dir: string): string => execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir }).toString().trim();

describe('the sources of a run', () => {
  it('hashes each manifest file as the loader expands a directory, and standard input when its text is given', async () => {
    const dir = repo();
    const { source, absolutePaths, names } = await manifestSource(['manifests', '-'], dir, { stdinText: 'version: 1\n# stdin\n' });
    expect(source).toEqual({
      kind: 'manifest',
      files: [
        { path: 'manifests/a.yaml', sha256: sha('version: 1\n') },
        { path: 'manifests/b.yaml', sha256: sha('version: 1\n') },
        { path: '<stdin>', sha256: sha('version: 1\n# stdin\n') },
      ],
    });
    expect(absolutePaths).toEqual([join(dir, 'manifests', 'a.yaml'), join(dir, 'manifests', 'b.yaml')]);
    expect(names).toEqual(['manifests/a.yaml', 'manifests/b.yaml']);
    expect((await manifestSource(['-'], dir)).source).toEqual({ kind: 'manifest', files: [{ path: '<stdin>', sha256: null }] });
  });

  it('hashes a saved plan file and names the manifest files it was made from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-'));
    writeFileSync(join(dir, 'plan.json'), '{"kind":"paycfg-saved-plan"}');
    const { source } = await savedPlanSource('plan.json', dir, { manifestFiles: ['paycfg.yaml'], createdAt: '2026-01-01T00:00:00.000Z' });
    expect(source).toEqual({
      kind: 'saved-plan',
      file: { path: 'plan.json', sha256: sha('{"kind":"paycfg-saved-plan"}') },
      manifestFiles: ['paycfg.yaml'],
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    await expect(savedPlanSource('gone.json', dir, { manifestFiles: [], createdAt: '' })).rejects.toThrow('cannot read gone.json to record its SHA-256 in the journal (ENOENT); nothing was changed');
  });

  it('records the commit, a clean tree, and which files are not as committed (modified, untracked, ignored)', async () => {
    const dir = repo();
    const files = [join(dir, 'manifests', 'a.yaml'), join(dir, 'manifests', 'b.yaml')];
    expect(await gitContext(files, ['a', 'b'])).toEqual({ commit: head(dir), clean: true, uncommitted: [] });
    writeFileSync(join(dir, 'notes.txt'), 'untracked elsewhere\n');
    expect(await gitContext(files, ['a', 'b'])).toEqual({ commit: head(dir), clean: false, uncommitted: [] });
    writeFileSync(join(dir, 'manifests', 'b.yaml'), 'version: 1\n# edited\n');
    expect(await gitContext(files, ['a', 'b'])).toEqual({ commit: head(dir), clean: false, uncommitted: ['b'] });
    writeFileSync(join(dir, '.gitignore'), 'ignored.yaml\n');
    writeFileSync(join(dir, 'manifests', 'ignored.yaml'), 'version: 1\n');
    expect((await gitContext([join(dir, 'manifests', 'ignored.yaml')], ['ignored.yaml'])).uncommitted).toEqual(['ignored.yaml']);
  });

  it('gives null fields outside a git work tree, never an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-journal-nogit-'));
    writeFileSync(join(dir, 'm.yaml'), 'version: 1\n');
    expect(await gitContext([join(dir, 'm.yaml')])).toEqual({ commit: null, clean: null, uncommitted: null });
    expect(await gitContext([])).toEqual({ commit: null, clean: null, uncommitted: null });
  });

  it('takes who ran it from GITHUB_ACTOR, then GITLAB_USER_LOGIN, then USER, then the OS account', () => {
    const root = () => 'root';
    expect(actorOf({ GITHUB_ACTOR: 'octocat', GITLAB_USER_LOGIN: 'tanuki', USER: 'runner' }, root)).toEqual({ name: 'octocat', from: 'GITHUB_ACTOR' });
    expect(actorOf({ GITHUB_ACTOR: '', GITLAB_USER_LOGIN: 'tanuki', USER: 'runner' }, root)).toEqual({ name: 'tanuki', from: 'GITLAB_USER_LOGIN' });
    expect(actorOf({ USER: 'runner' }, root)).toEqual({ name: 'runner', from: 'USER' });
    expect(actorOf({ USER: '' }, root)).toEqual({ name: 'root', from: 'os-account' });
    expect(actorOf({}, () => undefined)).toBeNull();
    // By default, the account this process runs as.
    expect(actorOf({})).toEqual({ name: userInfo().username, from: 'os-account' });
    expect(osAccountName()).toBe(userInfo().username);
  });
});

describe('text written into a journal', () => {
  const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJncm91cElkIjoiRy0xIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
  const clean = journalText(['till-admin-secret-42'], TOKEN);

  it('masks every secret the run sends and the token, in their forms and pieces, and escapes control characters', () => {
    expect(clean('deviceAdmin till-admin-secret-42 refused')).toBe('deviceAdmin (sensitive) refused');
    expect(clean(`token ${encodeURIComponent(TOKEN)}`)).toBe('token (sensitive)');
    expect(clean(`token ${TOKEN.slice(5, 30)}… expired`)).not.toContain(TOKEN.slice(5, 30));
    expect(clean('bad\x1b[2K\nline\u202e')).toBe('bad\\e[2K\\nline\\u202e');
  });

  it("records a service refusal with the service's code, the request and the message, cleaned", () => {
    const error = new ApiError({ method: 'POST', path: '/api/openapi/v1/device', serviceCode: 10000, serviceMessage: 'deviceAdmin till-admin-secret-42 is\x1b[31m wrong', httpStatus: 200 });
    expect(failureOf(error, clean)).toEqual({
      code: 'API',
      serviceCode: 10000,
      httpStatus: 200,
      request: 'POST /api/openapi/v1/device',
      message: 'POST /api/openapi/v1/device: the service refused the request (code 10000): deviceAdmin (sensitive) is\\e[31m wrong',
    });
    expect(failureOf(new Error(`boom ${TOKEN}`), clean)).toEqual({ code: 'UNKNOWN', message: 'boom (sensitive)' });
  });
});
