/**
 * The planning-CPU measurement's own process (see planning-cpu.ts): started with --expose-gc and
 * the request as JSON in argv; prints the figures as one JSON line.
 */
import { runPlanningCpu, type PlanningCpuRequest } from './planning-cpu.js';

const request = JSON.parse(process.argv[2] ?? '{}') as PlanningCpuRequest;
process.stdout.write(`${JSON.stringify(await runPlanningCpu(request))}\n`);
