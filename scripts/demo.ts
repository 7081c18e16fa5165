/**
 * `npm run demo`: the whole loop on the embedded simulator, with nothing running beforehand.
 * Starts the simulator in-process on a free port, creates a group, then runs paycfg's own CLI:
 * plan and apply of examples/basic, a second plan that finds nothing to do, a payment on the new
 * terminal read back through the client, a change made behind paycfg's back through the API, the
 * drift the next plan reports, and the apply that repairs it. Then test and production
 * (examples/environments) on two simulators: apply to test, promote to production with each
 * change's evidence, diff the two, and the same loop for a change to the manifest.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type ApiClient } from '../src/api/index.js';
import { main } from '../src/cli/main.js';
import { processIo, type IoStreams } from '../src/cli/io.js';
import { signSimToken, simAdminClient, startSimulator, type SimAdminClient } from '../src/sim/index.js';
import { environmentsLoop } from './demo/environments-loop.js';

const GROUP = 'G-00000001';
// Shown relative to where the demo runs (npm runs it from the repository root).
const manifest = relative(process.cwd(), fileURLToPath(new URL('../examples/basic', import.meta.url))) || '.';

/** Bold on a terminal, as paycfg's own output: never with NO_COLOR, nor in a pipe or a file. */
const bold = process.stdout.isTTY === true && (process.env['NO_COLOR'] ?? '') === '' ? (text: string) => `\u001b[1m${text}\u001b[22m` : (text: string) => text;

function banner(text: string): void {
  process.stdout.write(`\n${bold(`━━ ${text}`)}\n\n`);
}

async function run(io: IoStreams, argv: string[]): Promise<number> {
  process.stdout.write(`$ paycfg ${argv.join(' ')}\n`);
  const code = await main(argv, io);
  process.stdout.write(`(exit code ${code})\n`);
  return code;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The terminal paycfg just created logs in (an activation, as the terminal app does) and takes a
 * payment; the service's transaction and settlement endpoints then show where the money went.
 */
async function payOnTheDemoTerminal(admin: SimAdminClient, client: ApiClient): Promise<void> {
  const [merchant] = await client.merchants.listAll();
  if (merchant === undefined) throw new Error('the demo merchant is missing after apply');
  const [till] = await client.devices.listAll(merchant.mchId);
  if (till?.deviceToken == null) throw new Error('the demo terminal is missing after apply');
  const { activationCode } = JSON.parse(till.deviceToken) as { activationCode: string };
  const device = (await admin.activate(activationCode)) as { deviceId: string };
  const payment = await admin.payment({ deviceId: device.deviceId, amount: 12.5 });
  const sale = await client.transactions.get(payment.tranId);
  if (sale === null) throw new Error(`transaction ${payment.tranId} is missing`);
  process.stdout.write(
    `Terminal ${device.deviceId} (${till.deviceAlias ?? 'no alias'}) took a ${sale.amount.value.toFixed(2)} ${sale.amount.currency} ` +
      `${sale.tranType.toLowerCase()}: transaction ${sale.tranId} ${sale.tranStatus}, sent as ${sale.hostMessageFormat ?? '?'} ` +
      `with MID ${sale.acqMid ?? '?'} and TID ${sale.acqTid ?? '?'}.\n`,
  );
  for (const batch of await client.settlements.listAll()) {
    const state = batch.state === 0 ? 'open, waiting for settlement' : batch.state === 1 ? 'settled' : 'settlement failed';
    process.stdout.write(
      `Settlement batch ${batch.batchId} (${batch.profileName ?? '?'}, ${batch.mchName ?? '?'}): ${state}, ` +
        `${plural(batch.paymentCount ?? 0, 'payment')}, ${(batch.paymentAmt ?? 0).toFixed(2)} ${batch.currency ?? ''}.\n`,
    );
  }
}

/**
 * examples/basic without its terminal, and with prune decommissioning an activated terminal the
 * manifest leaves out: the change someone would make to retire the till.
 */
function withoutTheTill(): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-demo-'));
  const text = readFileSync(join(manifest, 'paycfg.yaml'), 'utf8');
  const retired = `${text.slice(0, text.indexOf('    devices:\n'))}    devices: []\n\nprune:\n  activatedDevices: decommission\n`;
  const file = join(dir, 'paycfg.yaml');
  writeFileSync(file, retired);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function demo(): Promise<number> {
  const sim = await startSimulator({ port: 0 });
  try {
    await simAdminClient(sim.url).createGroup({ groupId: GROUP, groupName: 'Demo Payments Ltd', timeZone: 'America/New_York' });
    const token = signSimToken({ groupId: GROUP });
    const env = { ...process.env, PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: token, TILL_ADMIN_PASSWORD: process.env['TILL_ADMIN_PASSWORD'] ?? 'demo-admin-pw' };
    const io = demoIo(env, processIo().cwd);
    process.stdout.write(`Simulator listening on ${sim.url}; group ${GROUP}.\n`);

    banner('1. What would paycfg change in an empty group?');
    if ((await run(io, ['plan', '-f', manifest])) !== 0) return 1;

    banner('2. Apply it');
    if ((await run(io, ['apply', '-f', manifest, '--auto-approve'])) !== 0) return 1;

    banner('3. Plan again: the live group matches the manifest');
    if ((await run(io, ['plan', '-f', manifest, '--detailed-exitcode'])) !== 0) return 1;

    const client = createApiClient({ baseUrl: sim.url, token });
    try {
      banner('4. The new terminal takes a payment; the service records it and opens a settlement batch');
      await payOnTheDemoTerminal(simAdminClient(sim.url), client);

      banner('5. Retiring the terminal now would strand its open batch: the plan blocks the decommission');
      const retired = withoutTheTill();
      process.stdout.write('The manifest without till-1 (devices: []), and prune: { activatedDevices: decommission } to retire it:\n');
      try {
        // Exit 2: a blocked change is drift (the group does not match the manifest), never a silent pass.
        if ((await run(io, ['plan', '-f', retired.file, '--detailed-exitcode'])) !== 2) return 1;
      } finally {
        retired.cleanup();
      }

      banner('6. Someone changes the group behind paycfg\'s back, through the API');
      const [merchant] = await client.merchants.listAll();
      if (merchant === undefined) throw new Error('the demo merchant is missing after apply');
      await client.merchants.replace(merchant.mchId, { ...merchant, contactName: 'Somebody Else', state: 0 });
      const [profile] = await client.acquirerProfiles.listAll();
      if (profile !== undefined) await client.acquirerProfiles.update(profile.profileId, { connUrl: 'https://rogue.example.com/iso' });
      process.stdout.write(`Changed merchant ${merchant.mchId} (contactName, state) and profile "${profile?.profileName}" (connUrl).\n`);
    } finally {
      await client.close();
    }

    banner('7. The drift plan reports it (exit code 2 with --detailed-exitcode)');
    const drift = await run(io, ['plan', '-f', manifest, '--detailed-exitcode']);
    if (drift !== 2) {
      process.stderr.write('demo: expected the drift plan to exit 2\n');
      return 1;
    }
    banner('8. Apply repairs it');
    if ((await run(io, ['apply', '-f', manifest, '--auto-approve'])) !== 0) return 1;
    if ((await run(io, ['plan', '-f', manifest, '--detailed-exitcode'])) !== 0) return 1;
  } finally {
    await sim.close();
  }
  const steps = { banner, run, say: (text: string) => process.stdout.write(text) };
  // The environments' runs see their own variables alone: no PAYCFG_BASE_URL or PAYCFG_TOKEN of the first part.
  if ((await environmentsLoop(steps, (cwd, env) => demoIo({ PATH: process.env['PATH'] ?? '', ...noColor(), ...env }, cwd))) !== 0) return 1;
  process.stdout.write('\nDemo complete.\n');
  return 0;
}

/** NO_COLOR and CI as the demo was started with: they shape paycfg's output, and carry no value of either environment. */
function noColor(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['NO_COLOR', 'CI', 'TERM'] as const) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** The demo's io: the process's streams, no prompt, these variables and working directory. */
function demoIo(env: Record<string, string | undefined>, cwd: string): IoStreams {
  const base = processIo();
  // Not a spread: `interrupted` is a getter that installs signal handlers, which the demo leaves to apply.
  return {
    stdout: base.stdout,
    stderr: base.stderr,
    stdoutIsTTY: base.stdoutIsTTY,
    stdinIsTTY: false,
    readStdin: base.readStdin,
    secretStdout: base.secretStdout,
    env,
    cwd,
    get interrupted() {
      return base.interrupted;
    },
  };
}

process.exitCode = await demo();
