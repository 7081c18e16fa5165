import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalError } from '../../src/errors.js';
import { findPackageRoot, MANIFEST_SCHEMA_FILE, PACKAGE_ROOT, PACKAGE_VERSION, WIRE_SCHEMA_DIR } from '../../src/package-files.js';

const REPO = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'paycfg-package-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('package-files', () => {
  it('finds this repository from src/, with its version and schema paths', () => {
    expect(PACKAGE_ROOT).toBe(REPO);
    expect(PACKAGE_VERSION).toBe((JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version);
    expect(existsSync(MANIFEST_SCHEMA_FILE)).toBe(true);
    expect(existsSync(join(WIRE_SCHEMA_DIR, 'merchant.schema.json'))).toBe(true);
  });

  it('walks up past package.json files of other packages to the one named paycfg, at any depth', () => {
    const installed = join(work, 'project', 'node_modules', 'paycfg');
    mkdirSync(join(installed, 'dist', 'cli'), { recursive: true });
    mkdirSync(join(installed, 'bundle'), { recursive: true });
    writeFileSync(join(work, 'project', 'package.json'), JSON.stringify({ name: 'shop-config', version: '9.9.9' }));
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'paycfg', version: '1.2.3' }));
    mkdirSync(join(installed, 'dist', 'cli', 'nested'));
    writeFileSync(join(installed, 'dist', 'cli', 'nested', 'package.json'), JSON.stringify({ type: 'module' }));
    expect(findPackageRoot(join(installed, 'dist', 'cli', 'nested'))).toEqual({ root: installed, version: '1.2.3' });
    expect(findPackageRoot(join(installed, 'bundle'))).toEqual({ root: installed, version: '1.2.3' });
  });

  it('refuses, as a bug in the installation, a tree without paycfg’s package.json', () => {
    mkdirSync(join(work, 'other', 'lib'), { recursive: true });
    writeFileSync(join(work, 'other', 'package.json'), JSON.stringify({ name: 'other', version: '1.0.0' }));
    expect(() => findPackageRoot(join(work, 'other', 'lib'))).toThrow(InternalError);
  });
});
