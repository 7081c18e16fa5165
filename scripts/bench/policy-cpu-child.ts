/**
 * The policy-CPU measurement's own process (see policy-cpu.ts): started with --expose-gc and the
 * request as JSON in argv; prints the figures as one JSON line.
 */
import { runPolicyCpu, type PolicyCpuRequest } from './policy-cpu.js';

const request = JSON.parse(process.argv[2] ?? '{}') as PolicyCpuRequest;
process.stdout.write(`${JSON.stringify(await runPolicyCpu(request))}\n`);
