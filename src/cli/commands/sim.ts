import { resolve } from 'node:path';
import { ExitCode, UsageError } from '../../errors.js';
import { isLoopbackHost } from '../../api/config.js';
import { closestMatch } from '../../manifest/did-you-mean.js';
import type { Command } from '../command.js';
import type { IoStreams } from '../io.js';
import { watchParent } from '../parent-watch.js';
import { numberFlagsOf, parseFlags } from '../parse-flags.js';
import { writePidFile, type PidFile } from '../pid-file.js';
import { noColorAccepted, type CommandSyntax } from '../syntax.js';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  isMethodCodes,
  isSummaryLists,
  isWireStyle,
  METHOD_CODES,
  parseLegacyGroups,
  signSimToken,
  startSimulator,
  SUMMARY_LISTS,
  WIRE_STYLES,
  type FaultSettings,
} from '../../sim/index.js';

const SECRET_ENV = 'PAYCFG_SIM_SECRET';

const jwtSecretFlag = {
  type: 'string',
  value: 'S',
  help: `HS256 secret of bearer tokens (default: env ${SECRET_ENV}, else the documented local default; never use that one off this machine)`,
} as const;

const tokenSyntax = {
  usage: ['--group G-00000001 [--ttl SECONDS] [--jwt-secret S]'],
  description: `Prints a bearer token for a group, signed as the simulator checks it.`,
  flags: {
    group: { type: 'string', value: 'G', help: 'The group the token is for (required), e.g. G-00000001' },
    ttl: { type: 'string', value: 'SECONDS', help: `How long the token is valid (default ${DEFAULT_TOKEN_TTL_SECONDS})` },
    'jwt-secret': jwtSecretFlag,
    json: { type: 'boolean', help: 'Print errors as JSON on stdout' },
    color: noColorAccepted,
  },
  environment: [[SECRET_ENV, 'The token secret, unless --jwt-secret is given']],
  exitCodes: [
    [0, 'the token was printed'],
    [1, 'an error'],
  ],
} as const satisfies CommandSyntax;

const serverSyntax = {
  usage: [
    '[--port N] [--host H] [--jwt-secret S] [--state FILE] [--wire-style S] [--latency MS] [--fault-rate P] [--drop-rate P] [--rate-limit RPS] [--seed N] [--max-page-size N] [--summary-lists binding|profile] [--legacy-groups current-api=serve|refuse] [--method-codes reference|extended] [--owner-post] [--pid-file FILE]',
    'token --group G-00000001 [--ttl SECONDS] [--jwt-secret S]',
  ],
  description: `Runs the embedded simulator of the payment service: every API paycfg reads and writes.

Serves, for a bearer token of a group (\`paycfg sim token\`):
  /api/openapi/v1     the configuration API: acquirer, emv, mchInfo, device
  /api/v2/current     the group the token is for (name, message format, time zone)
  /api/v2/order       transactions: list, detail, void, refund, capture, e-mailed receipts
  /api/v2/settlement  settlement batches: list, detail, settle, e-mailed reports
                      (also as /api/v2/settle)
  /api/v2/mchInfo, /api/v2/device, /api/v2/acquirer, /api/v2/emv
                      the legacy configuration API, for groups on legacy (others get code 13310);
                      with --legacy-groups current-api=refuse, /api/openapi/v1 answers those
                      groups code 13311
and, for loopback clients with a loopback Host only, the /_sim/ admin surface (groups,
activation, payments, faults, statistics, state).

Runs until interrupted (Ctrl-C or SIGTERM) or until the process that started it ends (checked
every second): one started by \`npx paycfg sim &\` stops with npx. With --pid-file,
\`kill $(cat FILE)\` stops it. A request a browser page of another site could send (a foreign
Origin or Sec-Fetch-Site, a DNS name rebound to this machine as Host) is refused with 403.
Prints one line on start: \`listening on http://HOST:PORT\`.

paycfg sim token prints a bearer token for a group (valid --ttl seconds, default ${DEFAULT_TOKEN_TTL_SECONDS});
see \`paycfg sim token --help\`.`,
  flags: {
    port: { type: 'string', value: 'N', help: 'Port to listen on; 0 (default) picks a free one' },
    host: { type: 'string', value: 'H', help: 'Address to bind (default 127.0.0.1)' },
    'jwt-secret': jwtSecretFlag,
    state: { type: 'string', value: 'FILE', help: 'Keep the store in FILE across restarts (written atomically)' },
    latency: { type: 'string', value: 'MS', help: 'Delay every /api answer by MS milliseconds' },
    'fault-rate': {
      type: 'string',
      value: 'P',
      help: 'Answer this fraction of /api requests with code 10001 System Error, without acting (0..1): HTTP 200 in the real wire style, as the live service answers its errors; 503 in the reference style',
    },
    'drop-rate': { type: 'string', value: 'P', help: 'Perform this fraction of writes, then close the connection unanswered' },
    'rate-limit': { type: 'string', value: 'RPS', help: 'Over RPS requests per second answer 429 with Retry-After' },
    seed: { type: 'string', value: 'N', help: 'Seed for reproducible faults and ids' },
    'max-page-size': { type: 'string', value: 'N', help: 'Cap page sizes; pageSize=-1 then returns only the first N records' },
    'wire-style': {
      type: 'string',
      value: 'S',
      help: "How answers are worded where the API reference leaves it open: real (default: the live service's style, e.g. error bodies without data, pages without hasNext, unset fields as null, merchant ids M + creation second) or reference (the reference's own wording); GET /_sim/settings says which",
    },
    'summary-lists': {
      type: 'string',
      value: 'L',
      help: "Whose methodList/emvList a merchant's acquirers[] items carry: binding (default, the binding's own) or profile (the bound profile's); GET /_sim/settings says which",
    },
    'legacy-groups': {
      type: 'string',
      value: 'P',
      help: 'Whether the current API (/api/openapi/v1) serves groups on the legacy API: current-api=serve (default: both APIs serve them) or current-api=refuse (it answers them code 13311; transactions, settlements and /api/v2/current serve every group)',
    },
    'method-codes': {
      type: 'string',
      value: 'C',
      help: "Payment method codes requests may use: reference (default: card 01..06, QR A1-A3, B1-B3, C1-C16) or extended (also 07..20, the public terminal SDK's further card brands and wallets)",
    },
    'owner-post': { type: 'boolean', help: 'Also answer POST /api/v2/current as its GET (one example in the reference sends POST)' },
    'pid-file': {
      type: 'string',
      value: 'FILE',
      help: "Write the simulator's process id to FILE once it listens (for `kill $(cat FILE)`); deleted when it stops",
    },
    json: { type: 'boolean', help: 'Print errors as JSON on stdout' },
    color: noColorAccepted,
  },
  environment: [[SECRET_ENV, 'The token secret, unless --jwt-secret is given']],
  exitCodes: [
    [0, 'stopped by Ctrl-C or SIGTERM, or the process that started it ended'],
    [1, 'an error (bad flag, the port is taken)'],
  ],
} as const satisfies CommandSyntax;

function secretFrom(flag: string | undefined, io: IoStreams): string | undefined {
  if (flag !== undefined) return flag;
  const fromEnv = io.env[SECRET_ENV];
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

async function runToken(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('sim token', tokenSyntax, argv);
  if (values.group === undefined) throw new UsageError('paycfg sim token: --group is required (for example --group G-00000001)');
  const token = signSimToken({
    groupId: values.group,
    ttlSeconds: numberFlagsOf('sim token').int('ttl', values.ttl, 1) ?? DEFAULT_TOKEN_TTL_SECONDS,
    ...optionalSecret(secretFrom(values['jwt-secret'], io)),
  });
  // Printing the token is this command's job: the mask for PAYCFG_TOKEN must not catch it.
  io.secretStdout.write(`${token}\n`);
  return ExitCode.Success;
}

function optionalSecret(secret: string | undefined): { secret?: string } {
  return secret === undefined ? {} : { secret };
}

async function runServer(argv: readonly string[], io: IoStreams): Promise<ExitCode> {
  const { values } = parseFlags('sim', serverSyntax, argv);
  const flag = numberFlagsOf('sim');
  const faults: Partial<FaultSettings> = {};
  const latency = flag.int('latency', values.latency, 0, 60_000);
  const faultRate = flag.rate('fault-rate', values['fault-rate']);
  const dropRate = flag.rate('drop-rate', values['drop-rate']);
  const rateLimit = flag.int('rate-limit', values['rate-limit'], 0);
  if (latency !== undefined) faults.latencyMs = latency;
  if (faultRate !== undefined) faults.faultRate = faultRate;
  if (dropRate !== undefined) faults.dropRate = dropRate;
  if (rateLimit !== undefined) faults.rateLimit = rateLimit;
  const seed = flag.int('seed', values.seed, 0);
  const maxPageSize = flag.int('max-page-size', values['max-page-size'], 1);
  const port = flag.int('port', values.port, 0, 65_535);
  const secret = secretFrom(values['jwt-secret'], io);
  const host = values.host ?? '127.0.0.1';
  const wireStyle = values['wire-style'];
  if (wireStyle !== undefined && !isWireStyle(wireStyle)) {
    throw new UsageError(`paycfg sim: --wire-style must be ${WIRE_STYLES.join(' or ')}, got "${wireStyle}"`);
  }
  const summaryLists = values['summary-lists'];
  if (summaryLists !== undefined && !isSummaryLists(summaryLists)) {
    throw new UsageError(`paycfg sim: --summary-lists must be ${SUMMARY_LISTS.join(' or ')}, got "${summaryLists}"`);
  }
  const legacyGroupsFlag = values['legacy-groups'];
  const legacyGroups = legacyGroupsFlag === undefined ? undefined : parseLegacyGroups(legacyGroupsFlag);
  if (legacyGroupsFlag !== undefined && legacyGroups === undefined) {
    throw new UsageError(`paycfg sim: --legacy-groups must be current-api=serve or current-api=refuse, got "${legacyGroupsFlag}"`);
  }
  const methodCodes = values['method-codes'];
  if (methodCodes !== undefined && !isMethodCodes(methodCodes)) {
    throw new UsageError(`paycfg sim: --method-codes must be ${METHOD_CODES.join(' or ')}, got "${methodCodes}"`);
  }

  const sim = await startSimulator({
    host,
    faults,
    ...(port !== undefined ? { port } : {}),
    ...(secret !== undefined ? { jwtSecret: secret } : {}),
    ...(values.state !== undefined ? { statePath: values.state } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(maxPageSize !== undefined ? { maxPageSize } : {}),
    ...(wireStyle !== undefined ? { wireStyle } : {}),
    ...(summaryLists !== undefined ? { summaryLists } : {}),
    ...(legacyGroups !== undefined ? { legacyGroups } : {}),
    ...(methodCodes !== undefined ? { methodCodes } : {}),
    ...(values['owner-post'] === true ? { ownerPost: true } : {}),
  });
  let pidFile: PidFile | undefined;
  if (values['pid-file'] !== undefined) {
    try {
      pidFile = await writePidFile(resolve(io.cwd, values['pid-file']), process.pid);
    } catch (error) {
      await sim.close();
      throw error;
    }
  }
  if (secret === undefined && !isLoopbackHost(host)) {
    io.stderr.write(`warning: listening on ${host} with the default token secret; anyone who can reach it can sign tokens (set --jwt-secret or ${SECRET_ENV})\n`);
  }
  io.stdout.write(`listening on ${sim.url}\n`);
  const parent = watchParent();
  const parentGone = parent.gone.then((pid) => io.stderr.write(`paycfg sim: stopping, as the process that started it (pid ${pid}) has ended\n`));
  await Promise.race([io.interrupted, parentGone]);
  parent.stop();
  await sim.close();
  await pidFile?.remove();
  return ExitCode.Success;
}

const simTokenCommand: Command = { name: 'token', syntax: tokenSyntax, run: runToken };

const subcommands = { token: simTokenCommand };

export const simCommand: Command = {
  name: 'sim',
  syntax: serverSyntax,
  subcommands,
  run(argv, io) {
    const [first] = argv;
    if (first === 'token') return runToken(argv.slice(1), io);
    // `paycfg sim tokn`: a word where a subcommand goes is not a stray argument of the server.
    const meant = first === undefined || first.startsWith('-') ? undefined : closestMatch(first, Object.keys(subcommands));
    if (meant !== undefined) throw new UsageError(`paycfg sim: unknown subcommand "${first}"; did you mean \`paycfg sim ${meant}\`?`);
    return runServer(argv, io);
  },
};
