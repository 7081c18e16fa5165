/**
 * Captures `paycfg apply` on a terminal for the README, as the pseudo-terminal tests see it: the
 * simulator on a free port, paycfg in a pty, the screen read from a headless xterm. Prints four
 * sessions: an apply approved with yes; one cancelled with Ctrl-C at the prompt; one interrupted
 * with Ctrl-C while a change is in flight (the screen at the interrupt, then at the end); one
 * stopped at once by a second Ctrl-C.
 *
 *   npx tsx scripts/capture-session.ts
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isWrite, startHoldingProxy, type HoldingProxy } from '../test/helpers/holding-proxy.js';
import { CTRL_C, killAllSessions, startPaycfg, type PtySession } from '../test/helpers/pty-session.js';
import { startTestSimulator, type TestSimulator } from '../test/helpers/simulator.js';

const basic = new URL('../examples/basic/paycfg.yaml', import.meta.url).pathname;
const manifestDir = mkdtempSync(join(tmpdir(), 'paycfg-capture-'));
const manifest = join(manifestDir, 'paycfg.yaml');
writeFileSync(manifest, readFileSync(basic, 'utf8').replace(/^group: .*$/m, ''));

let groups = 0;
async function group(sim: TestSimulator): Promise<Record<string, string>> {
  groups += 1;
  const groupId = `G-0000000${groups}`;
  await sim.admin.createGroup({ groupId, groupName: 'Demo Payments Ltd' });
  return { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: sim.token(groupId), TILL_ADMIN_PASSWORD: 'till-admin-pw' };
}

function show(title: string, session: PtySession, code?: number): void {
  process.stdout.write(`\n===== ${title}${code === undefined ? '' : ` (exit code ${code})`}\n${session.text()}\n`);
}

/** Every proxy started, closed in the end whatever happened: a failed capture leaves none listening. */
const proxies: HoldingProxy[] = [];

/** A proxy that holds the profile's create until released: a change in flight when Ctrl-C comes. */
async function holdingProfiles(sim: TestSimulator) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const proxy = await startHoldingProxy(sim.url, {
    hold: (request) => (isWrite(request) && request.path.startsWith('/api/openapi/v1/acquirer') ? gate : undefined),
  });
  proxies.push(proxy);
  return { proxy, release };
}

const sim = await startTestSimulator();
try {
  const args = ['apply', '-f', 'paycfg.yaml'];
  const approved = startPaycfg(args, { env: await group(sim), cwd: manifestDir, cols: 140 });
  await approved.waitFor('Enter a value:');
  approved.type('yes\r');
  show('apply, approved', approved, await approved.exited());

  const cancelled = startPaycfg(args, { env: await group(sim), cwd: manifestDir, cols: 140 });
  await cancelled.waitFor('Enter a value:');
  cancelled.type(CTRL_C);
  show('apply, Ctrl-C at the prompt', cancelled, await cancelled.exited());

  const held = await holdingProfiles(sim);
  const interrupted = startPaycfg(args, { env: { ...(await group(sim)), PAYCFG_BASE_URL: held.proxy.url }, cwd: manifestDir, cols: 140 });
  await interrupted.waitFor('Enter a value:');
  interrupted.type('yes\r');
  await interrupted.waitFor(/Write acquirer profiles \(0\/1\)/);
  interrupted.type(CTRL_C);
  await interrupted.waitFor('Interrupted: waiting');
  show('apply, Ctrl-C while the profile is being created', interrupted);
  held.release();
  show('apply, interrupted', interrupted, await interrupted.exited());

  const stuck = await holdingProfiles(sim);
  const stopped = startPaycfg([...args, '--auto-approve'], { env: { ...(await group(sim)), PAYCFG_BASE_URL: stuck.proxy.url }, cwd: manifestDir, cols: 140 });
  await stopped.waitFor(/Write acquirer profiles \(0\/1\)/);
  stopped.type(CTRL_C);
  await stopped.waitFor('Interrupted: waiting');
  stopped.type(CTRL_C);
  show('apply, Ctrl-C twice', stopped, await stopped.exited());
  stuck.release();
} finally {
  killAllSessions();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await sim.close();
}
