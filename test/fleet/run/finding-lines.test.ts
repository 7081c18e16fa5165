/** What the fleet CLI prints under a target's progress line: its warnings (validate) and findings (plan), at most FINDINGS_SHOWN. */
import { describe, expect, it } from 'vitest';
import { findingLines, FINDINGS_SHOWN } from '../../../src/cli/commands/fleet-run.js';
import type { Finding } from '../../../src/findings/types.js';
import type { Diagnostic } from '../../../src/manifest/diagnostics.js';

const warning = (line: number): Diagnostic => ({ file: 'template.yaml', line, col: 5, path: ['merchants', 0], message: `mchName is long [merchant-name-length]` });
const finding: Finding = { rule: 'emv-change-review', pack: 'test/emv-changes', level: 'advisory', message: 'create of an EMV config', address: 'emv/visa-usd', blocking: false };

describe('findingLines', () => {
  it('words a warning as paycfg validate does, and a finding as a plan does, each indented under the line', () => {
    expect(findingLines({ warnings: [warning(3)] })).toEqual(['  warning: template.yaml:3:5: mchName is long [merchant-name-length]']);
    expect(findingLines({ findings: [finding] })).toEqual(['  finding: advisory emv-change-review (test/emv-changes): emv/visa-usd: create of an EMV config']);
    expect(findingLines({})).toEqual([]);
  });

  it('shows at most FINDINGS_SHOWN, then counts the rest', () => {
    const lines = findingLines({ warnings: Array.from({ length: FINDINGS_SHOWN + 3 }, (_, i) => warning(i + 1)) });
    expect(lines).toHaveLength(FINDINGS_SHOWN + 1);
    expect(lines.at(-1)).toBe('  and 3 more');
  });

  it('never lets a control character of a message through', () => {
    expect(findingLines({ findings: [{ ...finding, message: 'bad\x1b[2Kline\nnext' }] })[0]).toBe('  finding: advisory emv-change-review (test/emv-changes): emv/visa-usd: bad\\e[2Kline\\nnext');
  });
});
