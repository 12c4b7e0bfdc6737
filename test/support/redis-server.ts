import { ChildProcess, spawn } from 'node:child_process';
import { freePort } from './free-port';

/** A redis-server of the caller's own on a free loopback port, nothing persisted. */
export interface RedisServer {
  url: string;
  child: ChildProcess;
  /** SIGCONT (in case it was stopped), then SIGTERM; resolves once it exited. */
  stop(): Promise<void>;
}

/** Starts a redis-server and resolves once it accepts connections (no other client's work reaches it). */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${out}`)));
  });
  child.stdout.resume();
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  return { url: `redis://127.0.0.1:${port}`, child, stop };
}
