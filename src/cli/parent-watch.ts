/**
 * Notices that the process which started this one has ended, so that `paycfg sim` does not outlive
 * it. `npx paycfg sim --port 8080 &` runs the simulator as npm's grandchild (npm, then `sh -c`, then
 * node): `kill <npm pid>` ends npm and the shell between them, and the simulator, adopted by init
 * or a subreaper, would keep holding its port with nobody left to stop it.
 *
 * It polls the parent's pid: an orphan is adopted by another process, so the pid changes. The
 * alternatives do not hold for a background job: its stdin is the terminal (an interactive shell)
 * or /dev/null, closed from the start (a script), and Node offers no prctl(PR_SET_PDEATHSIG).
 */
export interface ParentWatch {
  /** Resolves with the pid of the parent that ended, once it has. */
  readonly gone: Promise<number>;
  /** Stops polling; `gone` then never resolves. */
  stop(): void;
}

export function watchParent(options: { intervalMs?: number; parentPid?: () => number } = {}): ParentWatch {
  const parentPid = options.parentPid ?? (() => process.ppid);
  const started = parentPid();
  let timer: NodeJS.Timeout | undefined;
  const gone = new Promise<number>((resolve) => {
    timer = setInterval(() => {
      if (parentPid() === started) return;
      clearInterval(timer);
      resolve(started);
    }, options.intervalMs ?? 1000);
    // The poll alone never keeps the process running: the server does, while it listens.
    timer.unref();
  });
  return { gone, stop: () => clearInterval(timer) };
}
