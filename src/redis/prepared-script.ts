import { Command } from 'ioredis';
import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-client';

/**
 * Keys of a script's command encoded once, for a caller that sends the same keys on many calls
 * (one caller's limits on one endpoint): it keeps this and pays nothing per call to encode them.
 */
export interface ScriptKeys {
  readonly list: readonly string[];
  /** The keys as RESP bulk strings, back to back: what goes on the wire. */
  readonly resp: string;
}

export function scriptKeys(list: readonly string[]): ScriptKeys {
  let resp = '';
  for (const key of list) resp += bulkString(key);
  return { list, resp };
}

function bulkString(value: string): string {
  return `$${Buffer.byteLength(value)}\r\n${value}\r\n`;
}

/**
 * A command whose RESP text is written by its sender, all of it at once: ioredis sends it and
 * matches its reply as any other command's (timeouts, the offline queue and a cluster's
 * redirections included). `args` are given only where a call depends on them: a cluster client
 * finds the slot from the keys among them. On one Redis they are left empty, so ioredis's debug log
 * and tracing spans show this EVALSHA without its arguments.
 */
class WrittenCommand extends Command {
  constructor(
    private readonly text: string,
    args: string[] | null,
  ) {
    // The arguments are not passed to Command's constructor, which would copy (flat) and check each.
    super('evalsha', [], { replyEncoding: 'utf8' });
    if (args) this.args = args;
  }

  override toWritable(): string {
    return this.text;
  }
}

/**
 * A Lua script sent on the call path as one EVALSHA whose text is mostly prepared ahead. ioredis's
 * own scripts (defineCommand) build a command per call from a flat list of arguments: the list
 * copied and each argument checked, measured and concatenated, then wrapped twice for the NOSCRIPT
 * retry. With the keys of a call's limits encoded once per caller and endpoint (ScriptKeys), the
 * command of a customer key with four limits and two budgets is a handful of concatenations
 * (bench/README.md, issue 23).
 *
 * The script is sent by its SHA1; where the server does not have it (a fresh or restarted Redis, a
 * replica just promoted) the NOSCRIPT error is answered by sending it whole (EVAL), which runs it
 * once and loads it for the calls after. Each call sent before the first EVAL is run gets NOSCRIPT
 * too and sends its own EVAL (the script is a few KB): one more round trip for the calls in flight
 * at that moment, nothing counted twice.
 */
export class PreparedScript {
  private readonly sha: string;
  /** From the end of the array header to the SHA1: `\r\n$7\r\nevalsha\r\n$40\r\n<sha>\r\n`. */
  private readonly head: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly lua: string,
  ) {
    this.sha = createHash('sha1').update(lua).digest('hex');
    this.head = `\r\n$7\r\nevalsha\r\n$40\r\n${this.sha}\r\n`;
  }

  /** Runs the script on the keys of `keys` (in order) and on `args`; resolves to its reply as a string. */
  async run(keys: readonly ScriptKeys[], args: readonly string[]): Promise<string> {
    let count = 0;
    let keyText = '';
    for (const part of keys) {
      count += part.list.length;
      keyText += part.resp;
    }
    let text = `*${3 + count + args.length}${this.head}${bulkString(String(count))}${keyText}`;
    for (const arg of args) text += bulkString(arg);
    // EVALSHA's arguments as ioredis lists them (the SHA1, the key count, the keys, the arguments).
    const command = new WrittenCommand(text, this.redis.isCluster ? [this.sha, String(count), ...keyList(keys), ...args] : null);
    void this.redis.sendCommand(command);
    try {
      return String(await command.promise);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return String(await this.redis.eval(this.lua, count, ...keyList(keys), ...args));
    }
  }
}

function keyList(keys: readonly ScriptKeys[]): string[] {
  return keys.flatMap((part) => part.list);
}
