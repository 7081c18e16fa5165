/**
 * The demo's second part: examples/environments on two simulators, one per environment (each its
 * own port, token secret and group), and the loop a change takes: change the manifest, apply to
 * test, promote to production with each change's evidence, and diff the two environments.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import type { IoStreams } from '../../src/cli/io.js';
import { signSimToken, simAdminClient, startSimulator, type RunningSimulator } from '../../src/sim/index.js';

const EXAMPLE = fileURLToPath(new URL('../../examples/environments', import.meta.url));
const ENVIRONMENTS_FILE = 'paycfg.environments.yaml';

/** Each environment of the example: its group, and the variables its token and its secret are read from (as the example's file names them). */
const ENVIRONMENTS = {
  test: { groupId: 'G-00000001', groupName: 'Demo Payments (test)', tokenVariable: 'PAYCFG_TEST_TOKEN', adminVariable: 'TEST_TILL_ADMIN_PASSWORD' },
  production: { groupId: 'G-00000002', groupName: 'Demo Payments', tokenVariable: 'PAYCFG_PROD_TOKEN', adminVariable: 'PROD_TILL_ADMIN_PASSWORD' },
} as const;

type Name = keyof typeof ENVIRONMENTS;

export interface DemoSteps {
  readonly banner: (text: string) => void;
  /** Runs `paycfg ARGV` as the demo shows it, and returns its exit code. */
  readonly run: (io: IoStreams, argv: string[]) => Promise<number>;
  readonly say: (text: string) => void;
}

/** The example copied to a scratch directory, its base URLs pointed at the two simulators. */
function exampleCopy(urls: Readonly<Record<Name, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'paycfg-demo-environments-'));
  cpSync(EXAMPLE, dir, { recursive: true });
  const file = join(dir, ENVIRONMENTS_FILE);
  const document = parseDocument(readFileSync(file, 'utf8'));
  for (const name of Object.keys(ENVIRONMENTS) as Name[]) document.setIn(['environments', name, 'baseUrl'], urls[name]);
  writeFileSync(file, document.toString());
  return dir;
}

/** The change under review: the shared merchant's contact, in the file both environments read. */
function changeTheSharedMerchant(dir: string): string {
  const file = join(dir, 'shared', 'merchants', 'coffee-001.yaml');
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace('contactName: Jane Doe', 'contactName: Janet Doe'));
  return 'shared/merchants/coffee-001.yaml: contactName Jane Doe → Janet Doe';
}

/**
 * Runs the loop; `ioFor(cwd, env)` gives the demo's io in the example's directory with these
 * variables. Returns 0 when every step ended as it should, 1 at the first that did not.
 */
export async function environmentsLoop(steps: DemoSteps, ioFor: (cwd: string, env: Record<string, string>) => IoStreams): Promise<number> {
  const sims: Partial<Record<Name, RunningSimulator>> = {};
  let dir: string | undefined;
  try {
    const env: Record<string, string> = {};
    const urls = {} as Record<Name, string>;
    for (const name of Object.keys(ENVIRONMENTS) as Name[]) {
      const { groupId, groupName, tokenVariable, adminVariable } = ENVIRONMENTS[name];
      // A secret of its own per simulator: a token of one environment is not even valid in the other.
      const secret = randomBytes(24).toString('hex');
      const sim = await startSimulator({ port: 0, jwtSecret: secret });
      sims[name] = sim;
      await simAdminClient(sim.url).createGroup({ groupId, groupName, timeZone: 'America/New_York' });
      urls[name] = sim.url;
      env[tokenVariable] = signSimToken({ groupId, secret });
      env[adminVariable] = `demo-${name}-admin-pw`;
    }
    dir = exampleCopy(urls);
    const io = ioFor(dir, env);
    const expect = async (argv: string[], code: number): Promise<boolean> => {
      const got = await steps.run(io, argv);
      if (got !== code) process.stderr.write(`demo: expected exit code ${code} from paycfg ${argv[0]}, got ${got}\n`);
      return got === code;
    };

    steps.banner('9. Two environments in one repository: test and production, each its own simulator, group and token');
    steps.say(`Test on ${urls.test} (group ${ENVIRONMENTS.test.groupId}), production on ${urls.production} (group ${ENVIRONMENTS.production.groupId}); examples/environments copied to ${dir}.\n`);
    if (!(await expect(['validate'], 0))) return 1;

    steps.banner('10. Apply to test');
    if (!(await expect(['apply', '--env', 'test', '--auto-approve'], 0))) return 1;

    steps.banner('11. Promote to production: each change labelled with its evidence from test');
    steps.say("bakery-002 is production's own merchant (production/): no test run can prove it, so the promotion blocks it.\n");
    if (!(await expect(['promote', '--from', 'test', '--to', 'production'], 2))) return 1;
    steps.say('\nLet it through knowingly: --allow-unproven, which the saved plan and the journal of its apply record.\n');
    if (!(await expect(['promote', '--from', 'test', '--to', 'production', '--allow-unproven', '-o', 'promotion.json'], 2))) return 1;
    if (!(await expect(['apply', 'promotion.json', '--env', 'production'], 0))) return 1;

    steps.banner('12. The two environments differ only by their own values');
    if (!(await expect(['diff-env', 'test', 'production'], 0))) return 1;

    steps.banner('13. Change the manifest, and promote before test has run it: blocked');
    steps.say(`${changeTheSharedMerchant(dir)}\n`);
    if (!(await expect(['promote', '--from', 'test', '--to', 'production'], 2))) return 1;

    steps.banner('14. Apply to test, promote to production, diff: no difference');
    if (!(await expect(['apply', '--env', 'test', '--auto-approve'], 0))) return 1;
    if (!(await expect(['promote', '--from', 'test', '--to', 'production', '-o', 'promotion.json'], 2))) return 1;
    if (!(await expect(['apply', 'promotion.json', '--env', 'production'], 0))) return 1;
    if (!(await expect(['diff-env', 'test', 'production'], 0))) return 1;

    steps.banner("15. Production's journal: the promotion's record, each change with its evidence");
    if (!(await expect(['journal', '--env', 'production'], 0))) return 1;
    return 0;
  } finally {
    for (const sim of Object.values(sims)) await sim.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}
