// A synthetic load of the machine's cores: one busy loop per core, each a process of its own, as
// other work on a busy machine takes them. The steps measured under it compete for every core.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';

export interface CoreLoad {
  /** How many busy loops run. */
  readonly loops: number;
  /** Ends every loop; resolves once they have exited. */
  stop(): Promise<void>;
}

export function loadCores(loops = cpus().length): CoreLoad {
  const children = Array.from({ length: loops }, () =>
    spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
  );
  return {
    loops,
    stop: () =>
      Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      ).then(() => undefined),
  };
}
