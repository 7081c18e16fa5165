import { spawn } from 'node:child_process';
import { BenchError } from './errors.js';

/**
 * Runs a CPU measurement in a process of its own (no simulator, no earlier runs in its heap, a GC
 * it may call): `child` is a script taking the request as JSON in its argv and printing its figures
 * as the last line of its stdout. `what` names it in errors ("planning-CPU").
 */
export function measureInChild<Figures>(child: string, request: unknown, what: string, cwd: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const running = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', child, JSON.stringify(request)], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    running.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    running.stderr.setEncoding('utf8').on('data', (chunk: string) => void (err = (err + chunk).slice(-4000)));
    running.on('error', (error) => reject(new BenchError(`cannot start the ${what} process: ${error.message}`, {}, { cause: error })));
    running.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as Figures);
      } catch {
        reject(new BenchError(`the ${what} process failed (exit ${code ?? 'none'}): ${err.trim().slice(-1500)}`));
      }
    });
  });
}
