import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run demo', () => {
  it("runs plan, apply, a clean plan, a payment, a blocked decommission, drift and its repair, then test and production's apply, promotion and diff, on embedded simulators, and exits 0", async () => {
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
    // Test and production: each change promoted with its evidence from test, production's own merchant let through knowingly.
    expect(stdout).toMatch(/environment test: manifest valid[^\n]*\nenvironment production: manifest valid/);
    expect(stdout).toMatch(/evidence: live in test since \S+ \(run [0-9a-f-]{36}, plan sha256:[0-9a-f]{12}\)/);
    expect(stdout).toContain('  ! merchant/bakery-002 (create): no evidence that it is live in test: test has no such record (never applied there)');
    expect(stdout).toContain('evidence: NOT proven: test has no such record (never applied there); goes ahead under --allow-unproven');
    // The loop: a change promoted before test ran it is blocked; after test's apply it is proven, and the two environments agree.
    expect(stdout).toContain('  ! merchant/coffee-001 (update): no evidence that it is live in test: test differs in contactName (never applied there, or changed since)');
    expect(stdout.match(/No difference: test and production hold the same 6 records; besides, each holds its own records, as its manifests have them \(2 in test, 2 in production\)\./g)).toHaveLength(2);
    expect(stdout).toContain('promoted from test (group G-00000001 at http://127.0.0.1:');
    expect(stdout).toContain('Demo complete.');
    // In a pipe, with NO_COLOR: no escape sequence at all, the banners included.
    expect(stdout).not.toContain('\u001b[');
  }, 90_000);
});
