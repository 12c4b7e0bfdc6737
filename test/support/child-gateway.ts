import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export interface ChildGateway {
  url: string;
  process: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  terminate(): Promise<number | null>;
  /** Resolves once the child has printed this text on stdout. */
  waitForOutput(text: string): Promise<void>;
  stdout(): string;
  stderr(): string;
}

/** Which program a child runs: the test gateway by default, or another entry point and what its stdout says once it listens. */
export interface ChildProgram {
  /** Relative to the repository's root. */
  script: string;
  /** Matches stdout once the server listens; its first group is the port. */
  listening: RegExp;
}

const TEST_GATEWAY: ChildProgram = { script: 'test/support/gateway-process.ts', listening: /LISTENING (\d+)/ };

/** The gateway's own entry point (src/main.ts): its shutdown, its workers (GATEWAY_PROCESSES), as in production. Give it HOST=127.0.0.1. */
export const GATEWAY_MAIN: ChildProgram = { script: 'src/main.ts', listening: /gateway listening on http:\/\/127\.0\.0\.1:(\d+)\// };

/** Starts test/support/gateway-process.ts (or `program`) in a separate Node process with the given environment. */
export function startChildGateway(env: Record<string, string>, program: ChildProgram = TEST_GATEWAY): Promise<ChildGateway> {
  const child = spawn(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, program.script)], {
    cwd: ROOT,
    // No job workers unless asked (GatewayHarness.startSecondProcess passes its own): suites share one database.
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', JOB_WORKER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const waitForOutput = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return false;
        child.stdout.off('data', check);
        resolve();
        return true;
      };
      if (!check()) child.stdout.on('data', check);
      void exited.then(() => (stdout.includes(text) ? resolve() : reject(new Error(`child exited without printing ${text}:\n${stderr}`))));
    });
  return new Promise((resolve, reject) => {
    const onData = () => {
      const match = program.listening.exec(stdout);
      if (!match) return;
      child.stdout.off('data', onData);
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        process: child,
        terminate: () => {
          child.kill('SIGTERM');
          return exited;
        },
        waitForOutput,
        stdout: () => stdout,
        stderr: () => stderr,
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => reject(new Error(`child gateway exited with ${code} before listening:\n${stderr}`)));
  });
}
