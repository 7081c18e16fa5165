/**
 * A change's impact line as a reviewer reads it on `paycfg plan` against the simulator: what it
 * reaches named ("a new terminal of merchant coffee-001", "merchant coffee-001 and its 1
 * terminal"), counts with their nouns, and terminals the plan did not read said to be not counted,
 * never "0 terminals".
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { startTestSimulator, type TestSimulator } from '../helpers/simulator.js';

const BASIC = readFileSync(new URL('../../examples/basic/paycfg.yaml', import.meta.url), 'utf8').replace(/^group: .*$/m, '');
const TILL_2 = '      - deviceAlias: till-2\n        deviceName: Back till\n        deviceType: COTS\n        methods: ["01"]\n        acquirerFields:\n          host-a-usd: { tid: "00000002", mid: "000000012345" }\n';

let sim: TestSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startTestSimulator();
  await sim.admin.createGroup({ groupId: 'G-60000001' });
  env = { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token('G-60000001'), TILL_ADMIN_PASSWORD: 'till-admin-secret-42' };
  dir = mkdtempSync(join(tmpdir(), 'paycfg-impact-words-'));
  writeFileSync(join(dir, 'paycfg.yaml'), BASIC);
  const applied = await cli(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
  expect(applied.code, applied.err).toBe(0);
});
afterAll(async () => {
  await sim.close();
});

async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo({ env, cwd: dir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** The impact lines of `paycfg plan` of examples/basic (applied) with `edit` made to it. */
async function impactsOf(edit: (text: string) => string, flags: string[] = []): Promise<string[]> {
  writeFileSync(join(dir, 'edited.yaml'), edit(BASIC));
  const { code, out, err } = await cli(['plan', '-f', 'edited.yaml', '--detailed-exitcode', ...flags]);
  expect(code, err).toBe(2);
  expect(out).not.toMatch(/\b0 terminals\b|reaches /);
  return out.split('\n').filter((line) => line.trimStart().startsWith('impact: ')).map((line) => line.trim());
}

describe('impact lines of a plan', () => {
  it('a new terminal of a live merchant is named as one, not "1 merchant, 0 terminals"', async () => {
    expect(await impactsOf((text) => text.replace(/(\n        deviceAdmin: .*\n)/, `$1${TILL_2}`))).toEqual(['impact: a new terminal of merchant coffee-001']);
  });

  it('a change to a terminal reaches that terminal of its merchant', async () => {
    expect(await impactsOf((text) => text.replace('deviceName: Front till', 'deviceName: Counter till'))).toEqual(['impact: this terminal of merchant coffee-001']);
  });

  it('a merchant change names the merchant and counts its terminals', async () => {
    expect(await impactsOf((text) => text.replace('contactName: Jane Doe', 'contactName: Jane Roe'))).toEqual(['impact: merchant coffee-001 and its 1 terminal']);
  });

  it('without devices: in the manifest, the merchant\'s terminals are not read: said so, and how to count them', async () => {
    const unmanagedDevices = (text: string) => text.replace('contactName: Jane Doe', 'contactName: Jane Roe').replace(/\n    devices:\n[\s\S]*$/, '\n');
    expect(await impactsOf(unmanagedDevices)).toEqual(['impact: merchant coffee-001 and its terminals (not counted without --max-affected-terminals)']);
    expect(await impactsOf(unmanagedDevices, ['--max-affected-terminals', '5'])).toEqual(['impact: merchant coffee-001 and its 1 terminal']);
  });

  it('an EMV config or a profile change counts the merchants it reaches and their terminals', async () => {
    expect(await impactsOf((text) => text.replace('clCVMLimit: 100000 }\n  - emvName: mc-usd', 'clCVMLimit: 5000 }\n  - emvName: mc-usd'))).toEqual([
      'impact: 1 merchant and its 1 terminal',
    ]);
    expect(await impactsOf((text) => text.replace('notifyUrl: https://pbo.example.com/notify', 'notifyUrl: https://pbo.example.com/notify2'))).toEqual([
      'impact: 1 merchant and its 1 terminal',
    ]);
  });
});
