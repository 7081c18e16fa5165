import type { ApiClient, RequestLogEvent } from '../../api/index.js';
import { diffEnvironments } from '../../env-diff/diff-environments.js';
import { renderEnvironmentDiffJson } from '../../env-diff/render-json.js';
import { renderEnvironmentDiffMarkdown } from '../../env-diff/render-markdown.js';
import { renderEnvironmentDiffText } from '../../env-diff/render-text.js';
import { environmentClient, findEnvironmentsFile, loadEnvironmentsFile, resolveEnvironment, selectEnvironment } from '../../environments/index.js';
import { ExitCode, UsageError } from '../../errors.js';
import { tokenOf } from '../../library/client.js';
import { formatRequestLog } from '../client-options.js';
import type { Command } from '../command.js';
import { colorEnabled, type IoStreams } from '../io.js';
import { parallelismFlag, parseFlags } from '../parse-flags.js';
import { colorFlag, type CommandSyntax } from '../syntax.js';
import { serviceRecordEnvironment, serviceRecordFlags, serviceRecordOf } from '../service-record-options.js';

const syntax = {
  usage: ['A B [flags]'],
  description: `Compares the live groups of two environments of the environments file (paycfg.environments.yaml)
record by record, under their natural keys: the records only one holds, and every value that differs
in the records both hold. A value that is each environment's own expansion of one manifest value
(\${MID} with A's MID in A and B's in B) is equal. Secret values read (sensitive).
Reads each group once, whole (GET requests only), after checking that each token belongs to its
environment's group. Exit code 2 when the two differ, 0 when they do not, 1 on error.`,
  flags: {
    json: { type: 'boolean', help: 'Print the diff as JSON (schemas/env-diff.schema.json); errors as JSON too' },
    markdown: { type: 'boolean', help: 'Print the diff as Markdown (for a pull request or a chat message)' },
    environments: { type: 'string', value: 'FILE', help: 'The environments file (default: $PAYCFG_ENVIRONMENTS, else paycfg.environments.yaml here)' },
    parallelism: { type: 'string', value: 'N', help: 'Reads in flight at once, in each group (default 8)' },
    verbose: { type: 'boolean', help: 'Log every request (environment, method, path, status, code, duration) to stderr' },
    ...serviceRecordFlags,
    color: colorFlag,
  },
  maxArgs: 2,
  environment: [
    ['PAYCFG_ENVIRONMENTS', 'The environments file, unless --environments is given'],
    ...serviceRecordEnvironment,
    ['NO_COLOR', 'When set: no colour'],
  ],
  exitCodes: [
    [0, 'no difference: the same records, every value equal once each environment\'s values are substituted'],
    [1, 'an error'],
    [2, 'the two environments differ: a record only in one, or a value that differs'],
  ],
} as const satisfies CommandSyntax;

async function run(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values, args } = parseFlags('diff-env', syntax, argv);
  if (values.json && values.markdown) throw new UsageError('paycfg diff-env: choose one of --json and --markdown');
  const [nameA, nameB] = args;
  if (nameA === undefined || nameB === undefined) throw new UsageError('paycfg diff-env: name the two environments to compare, e.g. `paycfg diff-env test production`');
  if (nameA === nameB) throw new UsageError(`paycfg diff-env: ${nameA} is named twice; name two environments to compare`);
  const parallelism = parallelismFlag('diff-env', values.parallelism);

  const path = await findEnvironmentsFile({ cwd: io.cwd, env: io.env, ...(values.environments !== undefined ? { flag: values.environments } : {}) });
  if (path === undefined) {
    throw new UsageError('paycfg diff-env: no environments file: give one with --environments FILE or $PAYCFG_ENVIRONMENTS, or write paycfg.environments.yaml here');
  }
  const file = await loadEnvironmentsFile(path, { cwd: io.cwd });
  // Both names checked before either is resolved: a mistyped second name costs no secret read.
  selectEnvironment(file, nameA);
  selectEnvironment(file, nameB);
  const [a, b] = [await resolveEnvironment(file, nameA, { env: io.env }), await resolveEnvironment(file, nameB, { env: io.env })];

  const clients: ApiClient[] = [];
  try {
    const connect = async (resolved: typeof a): Promise<ApiClient> => {
      const name = resolved.definition.name;
      const client = await environmentClient(resolved, {
        env: io.env,
        cwd: io.cwd,
        maxInFlight: parallelism,
        ...(values.verbose ? { onRequest: (event: RequestLogEvent) => io.stderr.write(`[${name}] ${formatRequestLog(event)}`) } : {}),
      });
      clients.push(client);
      // Read from the environment's source, not PAYCFG_TOKEN: the output filter would not know it otherwise.
      io.hideInOutput?.(tokenOf(client));
      return client;
    };
    const diff = await diffEnvironments({ environment: a, client: await connect(a) }, { environment: b, client: await connect(b) }, { parallelism, cwd: io.cwd, ...serviceRecordOf(values, io) });
    if (values.json) io.stdout.write(renderEnvironmentDiffJson(diff));
    else if (values.markdown) io.stdout.write(renderEnvironmentDiffMarkdown(diff));
    else io.stdout.write(renderEnvironmentDiffText(diff, { color: colorEnabled(io) && values.color }));
    return diff.equal ? ExitCode.Success : ExitCode.Changes;
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

export const diffEnvCommand: Command = { name: 'diff-env', syntax, run };
