/**
 * The named captures: each runs real paycfg commands against the capture simulator and answers
 * the body of the block a page shows after `<!-- capture: NAME -->`. A page may show part of a
 * run's output; where it does, the part left out is named in brackets (`[… the plan …]`).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isWrite, startHoldingProxy } from '../../test/helpers/holding-proxy.js';
import { CTRL_C, killAllSessions, startPaycfg, type PtySession } from '../../test/helpers/pty-session.js';
import { captureIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { createApiClient } from '../../src/api/index.js';
import { signSimToken, simAdminClient, startSimulator } from '../../src/sim/index.js';
import { CAPTURE_TIME, ROOT, SHOWN_URL, type CaptureContext, type Workspace } from './context.js';

export type Capture = (scenes: Scenes) => Promise<string>;

/** examples/fleet's base URL, where its captures show their simulator. */
const FLEET_URL = 'http://127.0.0.1:8181';
/** The alerts' till admin password, as production's job exports it; never shown. */
const TILL_PASSWORD_OF_ALERTS = 'production-till-password';

/** Lines of a text from the first matching `from` to the first matching `to` after it, both included. */
function slice(text: string, from: RegExp, to: RegExp): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => from.test(line));
  if (start < 0) throw new Error(`no line matches ${String(from)} in:\n${text}`);
  const end = lines.findIndex((line, i) => i >= start && to.test(line));
  if (end < 0) throw new Error(`no line matches ${String(to)} after ${String(from)} in:\n${text}`);
  return lines.slice(start, end + 1);
}

/** The change block of one address in a text plan: its `#` heading to the line before the next blank one. */
function changeBlock(plan: string, heading: RegExp): string[] {
  const lines = plan.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0) throw new Error(`no change heading matches ${String(heading)} in:\n${plan}`);
  let end = start;
  while (end + 1 < lines.length && lines[end + 1] !== '') end += 1;
  return lines.slice(start, end + 1);
}

function edit(ws: Workspace, file: string, change: (text: string) => string): void {
  const path = join(ws.dir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

function replaced(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the example no longer holds ${JSON.stringify(from)}: the capture needs a new edit`);
  return text.replace(from, to);
}

/** A pty session's screen as the page shows it: the plan between its first line and `Plan:` left out when asked. */
function screen(ctx: CaptureContext, command: string, session: PtySession, options: { cutPlan?: boolean } = {}): string {
  let lines = session.screen();
  if (options.cutPlan === true) {
    // The display may redraw over the plan's last lines when stopped at once: then the cut ends where the display starts.
    let plan = lines.findIndex((line) => line.startsWith('Plan: '));
    if (plan < 0) plan = lines.findIndex((line) => /^. Write /.test(line));
    if (plan < 0) throw new Error(`the session shows neither a Plan: line nor the progress display:\n${lines.join('\n')}`);
    lines = ['[… the plan …]', ...lines.slice(plan)];
  }
  return ctx.shown([`$ ${command}`, ...lines].join('\n'));
}

/**
 * The runs several captures show parts of, each made once: the README's tour (plan, apply with a
 * journal, the journal), and the interactive sessions.
 */
export class Scenes {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(readonly ctx: CaptureContext) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as Promise<T>;
  }

  /** A group with examples/basic applied, for captures that start from a live group. */
  async applied(groupName?: string): Promise<Workspace> {
    const ws = await this.ctx.workspace(groupName);
    const { code, out, err } = await ws.run(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    if (code !== 0) throw new Error(`apply of examples/basic failed:\n${out}${err}`);
    return ws;
  }

  /** The README's tour: plan saved, applied at a terminal with a journal, the journal read. */
  tour(): Promise<{ plan: string; apply: string; journal: string }> {
    return this.once('tour', async () => {
      const ws = await this.ctx.workspace();
      // Shown as the reader types them in a clone (or a project that installed paycfg): through npx.
      const plan = await ws.transcript(['plan', '-f', 'paycfg.yaml', '-o', 'plan.json'], { show: 'npx paycfg plan -f paycfg.yaml -o plan.json' });
      const args = ['apply', 'plan.json', '--journal', 'journal.jsonl'];
      const session = startPaycfg(args, { env: ws.env, cwd: ws.dir, cols: 140 });
      try {
        const code = await session.exited();
        if (code !== 0) throw new Error(`paycfg ${args.join(' ')} exited ${code}:\n${session.text()}`);
      } finally {
        session.kill();
      }
      const apply = screen(this.ctx, `npx paycfg ${args.join(' ')}`, session);
      const journal = await ws.transcript(['journal', 'journal.jsonl']);
      return { plan, apply, journal };
    });
  }

  /**
   * Four applies at a terminal, each in a group of its own: approved; cancelled with Ctrl-C at the
   * prompt; Ctrl-C while the profile's create is held in flight by a proxy (the screen at the
   * interrupt, then at the end); Ctrl-C twice.
   */
  sessions(): Promise<Record<'approved' | 'cancelled' | 'interrupting' | 'interrupted' | 'stopped', string>> {
    return this.once('sessions', async () => {
      const ctx = this.ctx;
      const command = 'paycfg apply -f paycfg.yaml';
      const args = ['apply', '-f', 'paycfg.yaml'];
      const holding = async () => {
        let release!: () => void;
        let held!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        // Resolved once the profile's create is held: the display draws every kind's line from the
        // first event, so only the proxy can say that the create is in flight.
        const holdingCreate = new Promise<void>((resolve) => (held = resolve));
        const proxy = await startHoldingProxy(ctx.sim.url, {
          hold: (request) => {
            if (!(isWrite(request) && request.path.startsWith('/api/openapi/v1/acquirer'))) return undefined;
            held();
            return gate;
          },
        });
        ctx.aliases.push(proxy.url);
        return { proxy, release, holdingCreate };
      };
      const proxies: { close(): Promise<void> }[] = [];
      try {
        const first = await ctx.workspace();
        const approved = startPaycfg(args, { env: first.env, cwd: first.dir, cols: 140 });
        await approved.waitFor('Enter a value:');
        approved.type('yes\r');
        await expectExit(approved, 0);

        const second = await ctx.workspace();
        const cancelled = startPaycfg(args, { env: second.env, cwd: second.dir, cols: 140 });
        await cancelled.waitFor('Enter a value:');
        cancelled.type(CTRL_C);
        await expectExit(cancelled, 130);

        const third = await ctx.workspace();
        const held = await holding();
        proxies.push(held.proxy);
        const interrupted = startPaycfg(args, { env: { ...third.env, PAYCFG_BASE_URL: held.proxy.url }, cwd: third.dir, cols: 140 });
        await interrupted.waitFor('Enter a value:');
        interrupted.type('yes\r');
        await held.holdingCreate;
        await interrupted.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Write acquirer profiles \(0\/1\)/);
        interrupted.type(CTRL_C);
        await interrupted.waitFor('Interrupted: waiting');
        const interrupting = screen(ctx, command, interrupted, { cutPlan: true });
        held.release();
        await expectExit(interrupted, 130);

        const fourth = await ctx.workspace();
        const stuck = await holding();
        proxies.push(stuck.proxy);
        const stopped = startPaycfg([...args, '--auto-approve'], { env: { ...fourth.env, PAYCFG_BASE_URL: stuck.proxy.url }, cwd: fourth.dir, cols: 140 });
        await stuck.holdingCreate;
        await stopped.waitFor(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Write acquirer profiles \(0\/1\)/);
        stopped.type(CTRL_C);
        await stopped.waitFor('Interrupted: waiting');
        stopped.type(CTRL_C);
        await expectExit(stopped, 130);
        stuck.release();
        return {
          approved: screen(ctx, command, approved),
          cancelled: screen(ctx, command, cancelled, { cutPlan: true }),
          interrupting,
          interrupted: screen(ctx, command, interrupted, { cutPlan: true }),
          stopped: screen(ctx, `${command} --auto-approve`, stopped, { cutPlan: true }),
        };
      } finally {
        killAllSessions();
        await Promise.all(proxies.map((proxy) => proxy.close()));
      }
    });
  }

  /**
   * docs/reading-plans.md: a plan with each kind of mark. The live group: examples/basic with a
   * kernel parameter on visa-usd, a receipt text on the merchant and a second EMV config, plus two
   * merchants someone made in the service that paycfg cannot key (no providerReference, and one
   * starting with "~"). The manifest then changes the parameters and the receipt, creates a
   * merchant of the first one's name and prunes the EMV config.
   */
  annotated(): Promise<{ transcript: string; plan: string }> {
    return this.once('annotated', async () => {
      const ws = await this.ctx.workspace('Coffee PBO');
      const visa = 'params: { aid: A0000000031010, appVersion: "0002", clFloorLimit: 0, clTransLimit: 99999999, clCVMLimit: 100000 }';
      const oldEmv = '  - emvName: old-usd\n    paymentMethod: "02"\n    currency: USD\n    params: { aid: A0000000041010, clCVMLimit: 50000 }\n';
      edit(ws, 'paycfg.yaml', (text) =>
        replaced(replaced(replaced(text, visa, visa.replace(' }', ', kernel: "3" }')), 'emvConfigs:\n', `emvConfigs:\n${oldEmv}`), '    state: 1\n', '    state: 1\n    receiptInfo: "Thank you\\nCome again"\n'),
      );
      const applied = await ws.run(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
      if (applied.code !== 0) throw new Error(`the annotated plan's starting apply failed:\n${applied.out}${applied.err}`);
      await ws.client.merchants.create({ mchName: 'Coffee Corner', currency: 'USD', contactName: 'Sam', contactEmail: 'sam@corner.example' });
      await ws.client.merchants.create({ mchName: 'Legacy', currency: 'USD', contactName: 'Lee', contactEmail: 'lee@legacy.example', providerReference: '~legacy' });
      edit(ws, 'paycfg.yaml', (text) =>
        replaced(
          replaced(replaced(replaced(text, ', kernel: "3" }', ', ddol: "9F3704" }'), 'clCVMLimit: 100000, ddol', 'clCVMLimit: 200000, ddol'), oldEmv, ''),
          'Come again"\n',
          'See you soon"\n',
        ) + '\n  - providerReference: coffee-002\n    mchName: Coffee Corner\n    currency: USD\n    contactName: Sam\n    contactEmail: sam@corner.example\n\nprune:\n  emvConfigs: true\n',
      );
      const transcript = await ws.transcript(['plan', '-f', 'paycfg.yaml']);
      return { transcript, plan: transcript };
    });
  }

  /** examples/basic applied, its terminal activated and paid with: batches for the guard and the impact. */
  paid(): Promise<Workspace> {
    return this.once('paid', async () => {
      const ws = await this.applied('Coffee PBO');
      const [merchant] = await ws.client.merchants.listAll();
      const [till] = merchant === undefined ? [] : await ws.client.devices.listAll(merchant.mchId);
      if (till?.deviceToken == null) throw new Error('the example terminal is missing after apply');
      const { activationCode } = JSON.parse(till.deviceToken) as { activationCode: string };
      const device = (await this.ctx.admin.activate(activationCode)) as { deviceId: string };
      for (const amount of [12.5, 4.2, 23.9]) await this.ctx.admin.payment({ deviceId: device.deviceId, amount });
      return ws;
    });
  }

  /**
   * docs/fleet.md: examples/fleet against a simulator of its own (its groups G-00000011..16 are
   * the example's, and take no ids of the other captures), shown at the example's address. The
   * fleet applied once; then one shop renamed in groups.csv and bakery-par given bakery-ber's
   * token; then the plan, one target at a time so that its lines on stderr come in the fleet's
   * order; shards 1 and 3 of a 3-shard plan merged by `fleet report`; and the plan refused with
   * two token variables unset.
   */
  fleet(): Promise<Record<'plan' | 'summary' | 'report' | 'preflight', string>> {
    return this.once('fleet', async () => {
      const sim = await startSimulator({ port: 0, host: '127.0.0.1', now: () => CAPTURE_TIME });
      const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-fleet-'));
      try {
        cpSync(join(ROOT, 'examples/fleet'), dir, { recursive: true });
        const fleetFile = join(dir, 'paycfg.fleet.yaml');
        writeFileSync(fleetFile, replaced(readFileSync(fleetFile, 'utf8'), `baseUrl: ${FLEET_URL}`, `baseUrl: ${sim.url}`));
        const admin = simAdminClient(sim.url);
        const env: Record<string, string> = { USER: 'jane' };
        const rows = readFileSync(join(dir, 'groups.csv'), 'utf8').trimEnd().split('\n').slice(1);
        for (const row of rows) {
          const [name, group] = row.split(',') as [string, string];
          await admin.createGroup({ groupId: group, groupName: name });
          const variable = group.replace(/-/g, '_');
          env[`PAYCFG_TOKEN_${variable}`] = signSimToken({ groupId: group, now: CAPTURE_TIME, ttlSeconds: 24 * 3600 });
          env[`TILL_ADMIN_PASSWORD_${variable}`] = `till-${name}`;
        }
        const run = async (argv: readonly string[], runEnv: Record<string, string> = env) => {
          const io = captureIo({ env: runEnv, cwd: dir });
          const code = await main(argv, io);
          return { code, out: io.out(), err: io.err() };
        };
        const shown = (command: string, text: string): string => `$ ${command}\n${text}`.split(sim.url).join(FLEET_URL).replace(/\n+$/, '');
        const applied = await run(['fleet', 'apply', '--auto-approve']);
        if (applied.code !== 0) throw new Error(`the fleet's first apply exited ${applied.code}:\n${applied.out}${applied.err}`);
        const list = join(dir, 'groups.csv');
        writeFileSync(list, replaced(readFileSync(list, 'utf8'), 'Coffee SFO,', 'Coffee San Francisco,'));
        env.PAYCFG_TOKEN_G_00000014 = env.PAYCFG_TOKEN_G_00000013!;
        const args = ['fleet', 'plan', '--parallel-targets', '1'];
        const planned = await run(args);
        if (planned.code !== 1) throw new Error(`paycfg ${args.join(' ')} exited ${planned.code}, not 1:\n${planned.out}${planned.err}`);
        for (const shard of ['1', '3']) {
          const done = await run(['fleet', 'plan', '--shard', `${shard}/3`, '--summary', `shard-${shard}.json`]);
          if (done.code > 2) throw new Error(`the plan of shard ${shard}/3 exited ${done.code}:\n${done.out}${done.err}`);
        }
        const report = await run(['fleet', 'report', 'shard-1.json', 'shard-3.json']);
        if (report.code > 2) throw new Error(`paycfg fleet report exited ${report.code}:\n${report.out}${report.err}`);
        const unset = { ...env };
        delete unset.PAYCFG_TOKEN_G_00000011;
        delete unset.PAYCFG_TOKEN_G_00000016;
        const refused = await run(['fleet', 'plan'], unset);
        if (refused.code !== 1) throw new Error(`the fleet plan without two tokens exited ${refused.code}, not 1:\n${refused.out}${refused.err}`);
        return {
          // As a terminal shows it: each target's line on stderr as it ends, then the summary on stdout.
          plan: shown(`paycfg ${args.join(' ')}`, `${planned.err}[… the summary: see The summary …]`),
          summary: shown(`paycfg ${args.join(' ')}`, `[… a line per target on stderr: see Running a fleet …]\n${planned.out}`),
          report: shown('paycfg fleet report shard-1.json shard-3.json', `${report.err}${report.out}`),
          preflight: shown('paycfg fleet plan', `${refused.out}${refused.err}`),
        };
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await sim.close();
      }
    });
  }

  /**
   * docs/fleet.md's drift alerts: examples/basic as environment production (group G-00000095, a
   * simulator of its own, as env-diff's), applied, then its merchant's contact changed and a
   * merchant the manifests do not name made behind paycfg's back; `paycfg drift` with metrics, a state file and a webhook (a local receiver
   * standing for Slack). The stderr line, the metrics file and the post, each as written.
   */
  alerts(): Promise<Record<'stderr' | 'metrics' | 'post', string>> {
    return this.once('alerts', async () => {
      const { ctx } = this;
      const sim = await startSimulator({ port: 0, host: '127.0.0.1', now: () => CAPTURE_TIME });
      ctx.aliases.push(sim.url);
      const group = 'G-00000095';
      const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-alerts-'));
      const posts: string[] = [];
      const receiver = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          posts.push(Buffer.concat(chunks).toString('utf8'));
          response.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      try {
        const admin = simAdminClient(sim.url);
        await admin.createGroup({ groupId: group, groupName: 'Coffee PBO' });
        const token = signSimToken({ groupId: group, now: CAPTURE_TIME, ttlSeconds: 24 * 3600 });
        mkdirSync(join(dir, 'shared'));
        writeFileSync(join(dir, 'shared', 'paycfg.yaml'), readFileSync(join(ROOT, 'examples/basic/paycfg.yaml'), 'utf8').replace(/^group: .*\n/m, ''));
        writeFileSync(
          join(dir, 'paycfg.environments.yaml'),
          ['version: 1', 'environments:', '  production:', `    baseUrl: ${sim.url}`, `    group: ${group}`, '    token: { env: PAYCFG_PRODUCTION_TOKEN }', '    manifests: [shared]', '    values:', '      TILL_ADMIN_PASSWORD: { env: PRODUCTION_TILL_ADMIN_PASSWORD }', ''].join('\n'),
        );
        const { port } = receiver.address() as AddressInfo;
        const env = { PAYCFG_PRODUCTION_TOKEN: token, PRODUCTION_TILL_ADMIN_PASSWORD: TILL_PASSWORD_OF_ALERTS, USER: 'jane', PAYCFG_DRIFT_WEBHOOK_URL: `http://127.0.0.1:${port}/services/T000/B000/XXXX` };
        const run = async (argv: readonly string[]) => {
          const io = captureIo({ env, cwd: dir });
          const code = await main(argv, io);
          return { code, out: io.out(), err: io.err() };
        };
        const applied = await run(['apply', '--env', 'production', '--auto-approve']);
        if (applied.code !== 0) throw new Error(`the alerts' apply exited ${applied.code}:\n${applied.out}${applied.err}`);
        const client = createApiClient({ baseUrl: sim.url, token });
        try {
          const [merchant] = await client.merchants.listAll();
          if (merchant === undefined) throw new Error('the example merchant is missing after apply');
          await client.merchants.replace(merchant.mchId, { ...merchant, contactName: 'Somebody Else' });
          await client.merchants.create({ mchName: 'Pop-up Stand', currency: 'USD', contactName: 'Sam', contactEmail: 'sam@popup.example', providerReference: 'popup-001' });
        } finally {
          await client.close();
        }
        const argv = ['drift', '--env', 'production', '--metrics', 'paycfg-drift.prom', '--state', 'drift-state.json'];
        const drift = await run(argv);
        if (drift.code !== 2) throw new Error(`paycfg ${argv.join(' ')} exited ${drift.code}, not 2:\n${drift.out}${drift.err}`);
        if (posts.length !== 1) throw new Error(`the webhook received ${posts.length} posts, not 1`);
        const metrics = readFileSync(join(dir, 'paycfg-drift.prom'), 'utf8').trimEnd().split('\n');
        const family = (name: string): string[] => {
          const start = metrics.findIndex((line) => line.startsWith(`# HELP ${name} `));
          if (start < 0) throw new Error(`the metrics file holds no family ${name}:\n${metrics.join('\n')}`);
          let end = start + 1;
          while (end < metrics.length && !metrics[end]!.startsWith('# HELP ') && metrics[end] !== '# EOF') end += 1;
          return metrics.slice(start, end);
        };
        return {
          stderr: ctx.shown(`$ paycfg ${argv.join(' ')}\n[… the drift report on stdout …]\n${drift.err}`.split(dir).join('/work')),
          metrics: ctx.shown(
            [
              '[… paycfg_drift_records and paycfg_drift_unmanaged_records, a sample per kind …]',
              ...family('paycfg_drift_drifted'),
              '[… paycfg_drift_check_success and paycfg_drift_last_success_timestamp_seconds …]',
              ...family('paycfg_drift_check_errors'),
              metrics.at(-1)!,
            ].join('\n'),
          ),
          post: ctx.shown(posts[0]!),
        };
      } finally {
        await new Promise((resolve) => receiver.close(resolve));
        rmSync(dir, { recursive: true, force: true });
        await sim.close();
      }
    });
  }
}

async function expectExit(session: PtySession, expected: number): Promise<void> {
  const code = await session.exited();
  if (code !== expected) throw new Error(`paycfg exited ${code}, not ${expected}:\n${session.text()}`);
}

export const CAPTURES: Record<string, Capture> = {
  /** README: the tour, its plan's middle left out (docs/interactive-apply.md shows a whole one), then the apply of the saved plan. */
  tour: async (scenes) => {
    const { plan, apply } = await scenes.tour();
    const lines = plan.split('\n');
    const first = changeBlock(plan, /^ {2}# emv\/mc-usd /);
    const rest = lines.slice(lines.findIndex((line) => line.startsWith('Plan: ')));
    const headings = lines.filter((line) => /^ {2}# /.test(line)).slice(1).map((line) => line.trim().slice(2).split(' ')[0]);
    const shortened = [...lines.slice(0, lines.indexOf(first[0]!)), ...first, '', `  [… ${headings.length} more changes: ${headings.join(', ')} …]`, '', ...rest];
    return [...shortened, apply].join('\n');
  },
  'journal-summary': async (scenes) => (await scenes.tour()).journal,

  'apply-approved': async (scenes) => (await scenes.sessions()).approved,
  'apply-cancelled': async (scenes) => (await scenes.sessions()).cancelled,
  'apply-interrupting': async (scenes) => (await scenes.sessions()).interrupting,
  'apply-interrupted': async (scenes) => (await scenes.sessions()).interrupted,
  'apply-stopped': async (scenes) => (await scenes.sessions()).stopped,

  /** docs/plan.md: a contact changed and a profile re-pointed behind paycfg's back. */
  drift: async (scenes) => {
    const ws = await scenes.applied();
    const [merchant] = await ws.client.merchants.listAll();
    if (merchant === undefined) throw new Error('the example merchant is missing after apply');
    await ws.client.merchants.replace(merchant.mchId, { ...merchant, contactName: 'Somebody Else' });
    return ws.transcript(['drift', '-f', 'paycfg.yaml'], { expectExit: 2 });
  },

  /** docs/plan.md: a merchant's devices: block deleted from the manifest: the plan says the devices are left alone. */
  'plan-devices-left-alone': async (scenes) => {
    const ws = await scenes.applied();
    const text = readFileSync(join(ws.dir, 'paycfg.yaml'), 'utf8');
    writeFileSync(join(ws.dir, 'paycfg.yaml'), text.slice(0, text.indexOf('    devices:\n')));
    return ws.transcript(['plan', '-f', 'paycfg.yaml']);
  },

  /** docs/plan.md: the same manifest, checked by drift, which reads the devices and lists each one. */
  'drift-devices-left-alone': async (scenes) => {
    const ws = await scenes.applied();
    const text = readFileSync(join(ws.dir, 'paycfg.yaml'), 'utf8');
    writeFileSync(join(ws.dir, 'paycfg.yaml'), text.slice(0, text.indexOf('    devices:\n')));
    return ws.transcript(['drift', '-f', 'paycfg.yaml'], { expectExit: 2 });
  },

  /** docs/manifests.md: export of a live group, the summary it prints (the manifest goes to the file). */
  'export-summary': async (scenes) => {
    const ws = await scenes.applied();
    return ws.transcript(['export', '-o', 'exported.yaml']);
  },

  /** docs/change-control.md: a profile renamed with a moved: entry plans as one update in place. */
  'moved-rename': async (scenes) => {
    const ws = await scenes.applied();
    edit(ws, 'paycfg.yaml', (text) => `${text.replaceAll('host-a-usd', 'host-a-primary')}\nmoved:\n  - { from: acquirer/host-a-usd, to: acquirer/host-a-primary }\n`);
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml']);
    if (code !== 0) throw new Error(`the rename plan failed:\n${out}${err}`);
    return scenes.ctx.shown(changeBlock(out, /^ {2}# acquirer\/host-a-usd /).join('\n'));
  },

  /** docs/change-control.md: plan --base of a reviewed change, in a group changed by hand meanwhile. */
  'plan-base': async (scenes) => {
    const ws = await scenes.applied();
    const [merchant] = await ws.client.merchants.listAll();
    if (merchant === undefined) throw new Error('the example merchant is missing after apply');
    await ws.client.merchants.replace(merchant.mchId, { ...merchant, contactName: 'Somebody Else' });
    writeFileSync(join(ws.dir, 'base.yaml'), readFileSync(join(ws.dir, 'paycfg.yaml')));
    edit(ws, 'paycfg.yaml', (text) => replaced(text, 'mchName: Coffee Shop', 'mchName: Coffee Shop & Bakery'));
    return ws.transcript(['plan', '-f', 'paycfg.yaml', '--base', 'base.yaml']);
  },

  /** docs/reading-plans.md and plan.md: the impact line of a profile re-pointed while payments flow through it. */
  impact: async (scenes) => {
    const ws = await scenes.paid();
    edit(ws, 'paycfg.yaml', (text) => replaced(text, 'https://host-a.example.com/iso', 'https://host-a2.example.com/iso'));
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml']);
    edit(ws, 'paycfg.yaml', (text) => replaced(text, 'https://host-a2.example.com/iso', 'https://host-a.example.com/iso'));
    if (code !== 0) throw new Error(`the impact plan failed:\n${out}${err}`);
    return scenes.ctx.shown(changeBlock(out, /^ {2}# acquirer\/host-a-usd /).join('\n'));
  },

  /** docs/reading-plans.md: retiring a terminal whose batch is open is blocked. */
  'blocked-unsettled': async (scenes) => {
    const ws = await scenes.paid();
    const text = readFileSync(join(ws.dir, 'paycfg.yaml'), 'utf8');
    const retired = `${text.slice(0, text.indexOf('    devices:\n'))}    devices: []\n\nprune:\n  activatedDevices: decommission\n`;
    writeFileSync(join(ws.dir, 'retired.yaml'), retired);
    const { code, out, err } = await ws.run(['plan', '-f', 'retired.yaml']);
    if (code !== 0) throw new Error(`the retiring plan failed:\n${out}${err}`);
    return scenes.ctx.shown(slice(out, /^Blocked: /, /^ {6}- settle /).join('\n'));
  },

  /** docs/reading-plans.md: the pull-request comment of an EMV limit raised. */
  'plan-markdown': async (scenes) => {
    const ws = await scenes.applied();
    edit(ws, 'paycfg.yaml', (text) => replaced(text, 'clTransLimit: 99999999, clCVMLimit: 100000 }\n  - emvName: mc-usd', 'clTransLimit: 99999999, clCVMLimit: 200000 }\n  - emvName: mc-usd'));
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml', '--markdown']);
    if (code !== 0) throw new Error(`the Markdown plan failed:\n${out}${err}`);
    return scenes.ctx.shown(out);
  },

  'annotated-plan': async (scenes) => (await scenes.annotated()).transcript,
  /** docs/reading-plans.md: the records paycfg cannot key, from the annotated plan. */
  'unkeyed-merchants': async (scenes) => {
    const { plan } = await scenes.annotated();
    return scenes.ctx.shown(plan.split('\n').filter((line) => line.startsWith('  ? merchant/~')).join('\n'));
  },
  /** docs/reading-plans.md: a list compared item by item, a profile's enablerParams gaining one. */
  'list-items': async (scenes) => {
    const ws = await scenes.applied();
    edit(ws, 'paycfg.yaml', (text) => replaced(replaced(text, 'enablerParams: [tid, mid]', 'enablerParams: [tid, mid, sn]'), 'host-a-usd: { tid: "00000001"', 'host-a-usd: { sn: "SN-0001", tid: "00000001"'));
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml']);
    if (code !== 0) throw new Error(`the list plan failed:\n${out}${err}`);
    return scenes.ctx.shown(slice(out, /^ {6}~ enablerParams = \[/, /^ {8}\]/).join('\n'));
  },

  /** docs/reading-plans.md: a 604-character EMV parameter in the pull-request comment, in pieces. */
  'markdown-long-value': async (scenes) => {
    const ws = await scenes.applied();
    const ddol = `9F02${'06'.repeat(300)}`;
    edit(ws, 'paycfg.yaml', (text) => replaced(text, 'clCVMLimit: 100000 }\n  - emvName: mc-usd', `clCVMLimit: 100000, ddol: "${ddol}" }\n  - emvName: mc-usd`));
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml', '--markdown']);
    if (code !== 0) throw new Error(`the long-value plan failed:\n${out}${err}`);
    const lines = out.split('\n');
    const start = lines.findIndex((line) => /^\+ +ddol = \(one line of/.test(line));
    if (start < 0) throw new Error(`the Markdown shows no long ddol:\n${out}`);
    let end = start + 1;
    while (/^\+ +"/.test(lines[end + 1] ?? '')) end += 1;
    return lines.slice(start, end + 1).join('\n');
  },

  /**
   * docs/change-control.md: the records of a run whose terminal the service refuses. The profile
   * leaves enablerParams to the group's list (tid and mid), which validate cannot know offline, and
   * the terminal gives no tid: the service refuses its create.
   */
  'journal-records': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    edit(ws, 'paycfg.yaml', (text) => replaced(replaced(text, '    enablerParams: [tid, mid]\n', ''), 'host-a-usd: { tid: "00000001", mid: "000000012345" }', 'host-a-usd: { mid: "000000012345" }'));
    const { code, out, err } = await ws.run(['apply', '-f', 'paycfg.yaml', '--auto-approve', '--journal', 'journal.jsonl']);
    if (code !== 1) throw new Error(`the apply meant to fail on its terminal exited ${code}:\n${out}${err}`);
    const records = readFileSync(join(ws.dir, 'journal.jsonl'), 'utf8').trimEnd().split('\n');
    const failed = records.find((line) => line.includes('"outcome":"failed"'));
    if (failed === undefined) throw new Error(`the journal holds no failed change:\n${records.join('\n')}`);
    return scenes.ctx.shown([records[0]!, records[1]!, failed, records.at(-1)!].join('\n'));
  },

  /** docs/plan.md: a mistyped --target. */
  'target-typo': async (scenes) => {
    const ws = await scenes.applied();
    return ws.transcript(['plan', '-f', 'paycfg.yaml', '--target', 'merchant/cofee-001'], { expectExit: 1 });
  },

  /** docs/reading-plans.md: a secret with a default cannot go into a saved plan. */
  'saved-plan-default': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    edit(ws, 'paycfg.yaml', (text) => replaced(text, '${TILL_ADMIN_PASSWORD}', '${TILL_ADMIN_PASSWORD:-demo-admin-1234}'));
    return ws.transcript(['plan', '-f', 'paycfg.yaml', '-o', 'plan.json'], { expectExit: 1 });
  },

  /** docs/manifests.md: validate, offline, of the multi-file example without its secrets. */
  'validate-multi-file': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    return ws.transcript(['validate', '-f', 'examples/multi-file', '--allow-missing-env'], { show: 'npx paycfg validate -f examples/multi-file --allow-missing-env' });
  },

  /**
   * docs/environments.md: validate of every environment of examples/environments, offline, without
   * their secrets. Offline, it takes no group of the simulator: the groups of the captures after it stay theirs.
   */
  'validate-environments': async () => {
    const file = 'examples/environments/paycfg.environments.yaml';
    const io = captureIo({ env: {}, cwd: ROOT });
    const code = await main(['validate', '--environments', file, '--allow-missing-env'], io);
    if (code !== 0) throw new Error(`paycfg validate of examples/environments exited ${code}:\n${io.out()}${io.err()}`);
    return `$ npx paycfg validate --environments ${file} --allow-missing-env\n${`${io.out()}${io.err()}`.replace(/\n+$/, '')}`;
  },

  /** docs/manifests.md: a reference to a profile with a typo. */
  'validate-error': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    writeFileSync(join(ws.dir, 'broken.yaml'), replaced(readFileSync(join(ws.dir, 'paycfg.yaml'), 'utf8'), '      - acquirer: host-a-usd', '      - acquirer: host-a-used'));
    return ws.transcript(['validate', '-f', 'broken.yaml'], { expectExit: 1, show: 'npx paycfg validate -f broken.yaml' });
  },

  /** docs/legacy-api.md: what the legacy API cannot express in examples/basic, refused offline at file:line:col. */
  'validate-legacy': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    return ws.transcript(['validate', '-f', 'paycfg.yaml', '--api', 'legacy'], { expectExit: 1 });
  },

  /** docs/legacy-api.md: a plan of a group on the legacy API (examples/legacy) names the API in its header; its changes left out. */
  'plan-legacy': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    await scenes.ctx.admin.createGroup({ groupId: ws.groupId, apiVersion: 'legacy' });
    edit(ws, 'paycfg.yaml', () => readFileSync(join(ws.dir, 'examples/legacy/paycfg.yaml'), 'utf8').replace(/^group: .*$/m, `group: ${ws.groupId}`));
    const plan = await ws.transcript(['plan', '-f', 'paycfg.yaml']);
    const lines = plan.split('\n');
    const changes = lines.findIndex((line) => /^ {2}# /.test(line));
    const summary = lines.findIndex((line) => line.startsWith('Plan: '));
    return [...lines.slice(0, changes), '  [… the changes …]', '', ...lines.slice(summary)].join('\n');
  },

  /** docs/service.md: a merchant's base64 logo replaced by another image, compared by SHA-256. */
  'receipt-logo': async (scenes) => {
    const first = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const second = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const ws = await scenes.ctx.workspace();
    edit(ws, 'paycfg.yaml', (text) => replaced(text, '    state: 1\n', `    state: 1\n    receiptLogo: ${first}\n`));
    const applied = await ws.run(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    if (applied.code !== 0) throw new Error(`the logo's first apply failed:\n${applied.out}${applied.err}`);
    edit(ws, 'paycfg.yaml', (text) => replaced(text, first, second));
    const { code, out, err } = await ws.run(['plan', '-f', 'paycfg.yaml']);
    if (code !== 0) throw new Error(`the logo plan failed:\n${out}${err}`);
    return scenes.ctx.shown(changeBlock(out, /^ {2}# merchant\/coffee-001 /).join('\n'));
  },

  /**
   * docs/service-record.md: `paycfg probe` on a group of the example's EMV configs and profile only
   * (no binding yet shows the reading, so the scratch merchant's four writes). The scratch
   * merchant's random suffix is shown as one fixed suffix, so that the page stays the same.
   */
  'probe-session': async (scenes) => {
    const ws = await scenes.ctx.workspace();
    edit(ws, 'paycfg.yaml', (text) => text.slice(0, text.indexOf('\nmerchants:')) + '\n');
    const applied = await ws.run(['apply', '-f', 'paycfg.yaml', '--auto-approve']);
    if (applied.code !== 0) throw new Error(`the probe group's apply failed:\n${applied.out}${applied.err}`);
    const shown = await ws.transcript(['probe', '--auto-approve']);
    return shown.replace(/paycfg-probe-[0-9a-f]{6}/g, 'paycfg-probe-2096ef');
  },

  /** docs/simulator.md: `paycfg sim` started in the background, up to the line it prints once it listens. */
  'sim-listening': async () => {
    let stop!: (signal: string) => void;
    const interrupted = new Promise<string>((resolve) => (stop = resolve));
    const io = captureIo({ env: {}, interrupted });
    const running = main(['sim', '--port', '0'], io);
    for (let waited = 0; !io.out().includes('listening on'); waited += 20) {
      if (waited > 10_000) throw new Error(`paycfg sim did not say it listens:\n${io.out()}${io.err()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const line = io.out().split('\n').find((text) => text.startsWith('listening on'))!;
    stop('SIGTERM');
    await running;
    return ['$ npx paycfg sim --port 8080 &', line.replace(/http:\/\/127\.0\.0\.1:\d+/, SHOWN_URL), '$ kill %1'].join('\n');
  },

  /** docs/simulator.md: a second simulator on a port one already holds. */
  'sim-port-taken': async (scenes) => {
    const port = String(scenes.ctx.sim.port);
    const io = captureIo({ env: {} });
    const code = await main(['sim', '--port', port], io);
    if (code !== 1) throw new Error(`paycfg sim on a taken port exited ${code}:\n${io.out()}${io.err()}`);
    return `$ npx paycfg sim --port 8080\n${io.err().split(port).join('8080').replace(/\n+$/, '')}`;
  },

  /** docs/simulator.md: a payment through the admin surface, the transaction it answers. */
  'sim-payment': async (scenes) => {
    const ws = await scenes.applied();
    const [merchant] = await ws.client.merchants.listAll();
    const [till] = merchant === undefined ? [] : await ws.client.devices.listAll(merchant.mchId);
    if (till?.deviceToken == null) throw new Error('the example terminal is missing after apply');
    const { activationCode } = JSON.parse(till.deviceToken) as { activationCode: string };
    const device = (await scenes.ctx.admin.activate(activationCode)) as { deviceId: string };
    const request = JSON.stringify({ deviceId: device.deviceId, amount: 12.5 });
    const response = await fetch(`${scenes.ctx.sim.url}/_sim/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: request });
    const answer = JSON.stringify(await response.json(), null, 2);
    return scenes.ctx.shown([`$ curl -s -X POST http://127.0.0.1:8080/_sim/payments -H 'content-type: application/json' -d '${request}'`, answer].join('\n'));
  },

  /**
   * docs/env-diff.md: examples/basic as one repository of two environments, the MID and the till's
   * terminal id each environment's own values; production's merchant contact applied otherwise.
   * diff-env tells that apart, and takes the MIDs and terminal ids as equal. Its groups and records
   * are its own, outside the capture simulator, so that the captures after it keep their ids.
   */
  'env-diff': async (scenes) => {
    const { ctx } = scenes;
    // A simulator of its own: the records made here take no ids of the captures after this one.
    const sim = await startSimulator({ port: 0, host: '127.0.0.1', now: () => CAPTURE_TIME });
    ctx.aliases.push(sim.url);
    const token = (groupId: string): string => signSimToken({ groupId, now: CAPTURE_TIME, ttlSeconds: 24 * 3600 });
    const groups = { test: 'G-00000091', production: 'G-00000092' } as const;
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-env-diff-'));
    try {
      const admin = simAdminClient(sim.url);
      await admin.createGroup({ groupId: groups.test, groupName: 'Coffee PBO (test)' });
      await admin.createGroup({ groupId: groups.production, groupName: 'Coffee PBO' });
      const run = async (argv: readonly string[], env: Record<string, string>) => {
        const io = captureIo({ env, cwd: dir });
        const code = await main(argv, io);
        return { code, out: io.out(), err: io.err() };
      };
      const example = readFileSync(join(ROOT, 'examples/basic/paycfg.yaml'), 'utf8').replace(/^group: .*\n/m, '');
      const shared = replaced(
        replaced(example, 'mid: "000000012345"', 'mid: "${COFFEE_MID}"'),
        '{ tid: "00000001", mid: "000000012345" }',
        '{ tid: "${TILL_TID}", mid: "${COFFEE_MID}" }',
      );
      mkdirSync(join(dir, 'shared'));
      writeFileSync(join(dir, 'shared', 'paycfg.yaml'), shared);
      writeFileSync(join(dir, 'production-contact.yaml'), replaced(shared, 'contactName: Jane Doe', 'contactName: Somebody Else'));
      const values = {
        test: { COFFEE_MID: '000000012345', TILL_TID: '00000001', TILL_ADMIN_PASSWORD: 'test-till-password' },
        production: { COFFEE_MID: '000000067890', TILL_TID: '00000042', TILL_ADMIN_PASSWORD: 'production-till-password' },
      };
      // Applied before the environments file is written: with it, a run must name its environment.
      for (const [name, manifest] of [['test', 'shared'], ['production', 'production-contact.yaml']] as const) {
        const applied = await run(['apply', '-f', manifest, '--auto-approve'], { PAYCFG_BASE_URL: sim.url, PAYCFG_TOKEN: token(groups[name]), ...values[name] });
        if (applied.code !== 0) throw new Error(`the ${name} apply failed:\n${applied.out}${applied.err}`);
      }
      const environment = (name: 'test' | 'production'): string[] => [
        `  ${name}:`,
        `    baseUrl: ${sim.url}`,
        `    group: ${groups[name]}`,
        `    token: { env: PAYCFG_${name.toUpperCase()}_TOKEN }`,
        '    manifests: [shared]',
        '    values:',
        `      COFFEE_MID: "${values[name].COFFEE_MID}"`,
        `      TILL_TID: "${values[name].TILL_TID}"`,
        `      TILL_ADMIN_PASSWORD: { env: ${name.toUpperCase()}_TILL_ADMIN_PASSWORD }`,
      ];
      writeFileSync(join(dir, 'paycfg.environments.yaml'), ['version: 1', 'environments:', ...environment('test'), ...environment('production'), ''].join('\n'));
      const { code, out, err } = await run(['diff-env', 'test', 'production'], {
        PAYCFG_TEST_TOKEN: token(groups.test),
        PAYCFG_PRODUCTION_TOKEN: token(groups.production),
        TEST_TILL_ADMIN_PASSWORD: values.test.TILL_ADMIN_PASSWORD,
        PRODUCTION_TILL_ADMIN_PASSWORD: values.production.TILL_ADMIN_PASSWORD,
      });
      if (code !== 2) throw new Error(`paycfg diff-env test production exited ${code}, not 2:\n${out}${err}`);
      return ctx.shown(`$ paycfg diff-env test production\n${out}${err}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await sim.close();
    }
  },
  /**
   * docs/promotion.md: examples/basic as one repository of test and production, both applied; then
   * two edits of the shared manifest, the contact applied to test (with test's journal), the EMV
   * limit not: the promotion proves the first, since test's apply, and blocks the second. Its own
   * simulator and groups, as env-diff's, so that the captures after it keep their ids.
   */
  promotion: async (scenes) => {
    const { ctx } = scenes;
    const sim = await startSimulator({ port: 0, host: '127.0.0.1', now: () => CAPTURE_TIME });
    ctx.aliases.push(sim.url);
    const token = (groupId: string): string => signSimToken({ groupId, now: CAPTURE_TIME, ttlSeconds: 24 * 3600 });
    const groups = { test: 'G-00000093', production: 'G-00000094' } as const;
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-promotion-'));
    try {
      const admin = simAdminClient(sim.url);
      await admin.createGroup({ groupId: groups.test, groupName: 'Coffee PBO (test)' });
      await admin.createGroup({ groupId: groups.production, groupName: 'Coffee PBO' });
      const env = {
        PAYCFG_TEST_TOKEN: token(groups.test),
        PAYCFG_PRODUCTION_TOKEN: token(groups.production),
        TEST_TILL_ADMIN_PASSWORD: 'test-till-password',
        PRODUCTION_TILL_ADMIN_PASSWORD: 'production-till-password',
        USER: 'jane',
      };
      const run = async (argv: readonly string[]) => {
        const io = captureIo({ env, cwd: dir });
        const code = await main(argv, io);
        return { code, out: io.out(), err: io.err() };
      };
      const example = readFileSync(join(ROOT, 'examples/basic/paycfg.yaml'), 'utf8').replace(/^group: .*\n/m, '');
      const shared = replaced(example, 'mid: "000000012345"', 'mid: "${COFFEE_MID}"');
      mkdirSync(join(dir, 'shared'));
      const write = (text: string): void => writeFileSync(join(dir, 'shared', 'paycfg.yaml'), text);
      write(shared);
      const environment = (name: 'test' | 'production', mid: string): string[] => [
        `  ${name}:`,
        `    baseUrl: ${sim.url}`,
        `    group: ${groups[name]}`,
        `    token: { env: PAYCFG_${name.toUpperCase()}_TOKEN }`,
        '    manifests: [shared]',
        `    journal: ${name}.journal.jsonl`,
        '    values:',
        `      COFFEE_MID: "${mid}"`,
        `      TILL_ADMIN_PASSWORD: { env: ${name.toUpperCase()}_TILL_ADMIN_PASSWORD }`,
      ];
      writeFileSync(join(dir, 'paycfg.environments.yaml'), ['version: 1', 'environments:', ...environment('test', '000000012345'), ...environment('production', '000000067890'), ''].join('\n'));
      const must = async (argv: readonly string[]): Promise<void> => {
        const done = await run(argv);
        if (done.code !== 0) throw new Error(`paycfg ${argv.join(' ')} exited ${done.code}:\n${done.out}${done.err}`);
      };
      await must(['apply', '--env', 'test', '--auto-approve']);
      await must(['apply', '--env', 'production', '--auto-approve']);
      const contact = replaced(shared, 'contactName: Jane Doe', 'contactName: Jane Roe');
      write(contact);
      await must(['apply', '--env', 'test', '--auto-approve']);
      write(replaced(contact, 'clTransLimit: 99999999', 'clTransLimit: 5000000'));
      const { code, out, err } = await run(['promote', '--from', 'test', '--to', 'production']);
      if (code !== 2) throw new Error(`paycfg promote exited ${code}, not 2:\n${out}${err}`);
      return ctx.shown(`$ paycfg promote --from test --to production\n${out}${err}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await sim.close();
    }
  },
  /**
   * docs/fleet.md: examples/fleet checked offline, without its tokens and secrets. Takes no group.
   * Its targets run at once, so its lines on stderr come in the order they end, which varies: the
   * page shows the summary, which is sorted.
   */
  'fleet-validate': async () => {
    const file = 'examples/fleet/paycfg.fleet.yaml';
    const argv = ['fleet', 'validate', '--fleet', file, '--allow-missing-env'];
    const io = captureIo({ env: {}, cwd: ROOT });
    const code = await main(argv, io);
    if (code !== 0) throw new Error(`paycfg ${argv.join(' ')} exited ${code}:\n${io.out()}${io.err()}`);
    const lines = io.err().trimEnd().split('\n').length;
    return `$ paycfg ${argv.join(' ')}\n[… ${lines} lines on stderr, one per target as it ends …]\n${io.out()}`.replace(/\n+$/, '');
  },

  /** docs/fleet.md: a fleet file, a CSV and a JSON list with one of each mistake, refused at load. Offline. */
  'fleet-refused': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-fleet-refused-'));
    try {
      writeFileSync(
        join(dir, 'paycfg.fleet.yaml'),
        [
          'version: 1',
          'template:',
          '  baseUrl: https://pay.example.com',
          '  token: { env: "PAYCFG_TOKEN_{{TOKEN_VAR}}" }',
          '  manifests: [template]',
          'targets:',
          '  - { name: acme, group: G-00000001, values: { TOKEN_VAR: ACME } }',
          'targetsFrom: [groups.csv, groups.json]',
          '',
        ].join('\n'),
      );
      writeFileSync(
        join(dir, 'groups.csv'),
        ['name,group,label:tier,TOKEN_VAR', 'beta,G-00000002,gold,BETA', 'acme,G-00000003,silver,ACME3', 'gamma,G-00000001,,GAMMA', 'Delta Shop,G-00000005,,DELTA', 'epsilon,G-00000006,,', 'zeta,G-00000007,gold', ''].join('\n'),
      );
      writeFileSync(join(dir, 'groups.json'), '[\n  { "name": "eta", "grup": "G-00000008" }\n]\n');
      const io = captureIo({ env: {}, cwd: dir });
      const code = await main(['fleet', 'validate'], io);
      if (code !== 1) throw new Error(`paycfg fleet validate of the broken fleet exited ${code}, not 1:\n${io.out()}${io.err()}`);
      return `$ paycfg fleet validate\n${io.out()}${io.err()}`.replace(/\n+$/, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },

  /** docs/fleet.md: examples/fleet's template with a list whose row writes a till's admin password. Offline. */
  'fleet-secret-in-list': async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paycfg-capture-fleet-secret-'));
    try {
      cpSync(join(ROOT, 'examples/fleet'), dir, { recursive: true });
      writeFileSync(
        join(dir, 'groups.csv'),
        [
          'name,group,SHOP_NAME,CONTACT_EMAIL,COUNTRY,MID,TILL_ADMIN_PASSWORD',
          'delta,G-00000005,Delta Diner,ops@delta.example,US,000000000005,',
          'epsilon,G-00000006,Epsilon Eats,ops@epsilon.example,US,000000000006,hunter2',
          '',
        ].join('\n'),
      );
      const argv = ['fleet', 'validate', '--allow-missing-env', '--parallel-targets', '1'];
      const io = captureIo({ env: {}, cwd: dir });
      const code = await main(argv, io);
      if (code !== 1) throw new Error(`paycfg ${argv.join(' ')} exited ${code}, not 1:\n${io.out()}${io.err()}`);
      return `$ paycfg ${argv.join(' ')}\n${io.err()}${io.out()}`.replace(/\n+$/, '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },

  /** docs/fleet.md: the plan of examples/fleet after a shop's rename, one target holding another group's token. */
  'fleet-plan': async (scenes) => (await scenes.fleet()).plan,
  'fleet-summary': async (scenes) => (await scenes.fleet()).summary,
  'fleet-report': async (scenes) => (await scenes.fleet()).report,
  'fleet-preflight': async (scenes) => (await scenes.fleet()).preflight,
  /** docs/fleet.md: the GitHub matrix of examples/fleet in 3 shards, offline (sizes from the manifests, no token). */
  'fleet-matrix': async () => {
    const argv = ['fleet', 'matrix', '--ci', 'github', '--shards', '3', '--fleet', 'examples/fleet/paycfg.fleet.yaml'];
    const io = captureIo({ env: {}, cwd: ROOT });
    const code = await main(argv, io);
    if (code !== 0) throw new Error(`paycfg ${argv.join(' ')} exited ${code}:\n${io.out()}${io.err()}`);
    return `$ paycfg ${argv.join(' ')}\n${io.out()}${io.err()}`.replace(/\n+$/, '');
  },
  'drift-alerts': async (scenes) => (await scenes.alerts()).stderr,
  'drift-alerts-metrics': async (scenes) => (await scenes.alerts()).metrics,
  'drift-alerts-post': async (scenes) => (await scenes.alerts()).post,
};
