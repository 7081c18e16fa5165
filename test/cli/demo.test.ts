import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run demo', () => {
  it('runs plan, apply, a clean plan, a payment, a blocked decommission, drift and its repair on the embedded simulator, and exits 0', async () => {
    // The same command `npm run demo` runs, from the repository root, with nothing running beforehand.
    const { stdout } = await promisify(execFile)(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/demo.ts'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', CI: 'true' },
      timeout: 60_000,
    });
    expect(stdout).toContain('Plan: 5 to create, 1 to update, 0 to delete, 0 to replace.');
    expect(stdout).toContain('Apply complete: 6 done, 0 failed, 0 skipped.');
    expect(stdout).toContain('No changes. The live group matches the manifest.');
    // The payment on the new terminal, read back through the client's transaction and settlement calls.
    expect(stdout).toMatch(/Terminal T\d{10} \(till-1\) took a 12\.50 USD sale: transaction \d{12} APPROVED, sent as HOSTA_8583 with MID 000000012345 and TID 00000001\./);
    expect(stdout).toMatch(/Settlement batch \d+ \(host-a-usd, Coffee Shop\): open, waiting for settlement, 1 payment, 12\.50 USD\./);
    // Retiring the terminal that holds the open batch: blocked, with the batch and the way out.
    expect(stdout).toMatch(
      /Blocked: 1 change apply will not try \(unsettled settlement batches route through it\):\n\s+! device\/coffee-001\/till-1 \(decommission\): 1 unsettled settlement batch routes through it[^\n]*\n\s+- batch \d+ \(open\): 1 payment, USD 12\.50\n\s+- settle it[^\n]*\n\(exit code 2\)/,
    );
    expect(stdout).toMatch(/~ connUrl = "https:\/\/rogue\.example\.com\/iso" → "https:\/\/host-a\.example\.com\/iso"[\s\S]*\(exit code 2\)/);
    expect(stdout).toContain('Demo complete.');
    // In a pipe, with NO_COLOR: no escape sequence at all, the banners included.
    expect(stdout).not.toContain('\u001b[');
  }, 90_000);
});
