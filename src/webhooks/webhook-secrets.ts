import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileOnce } from '../common/fs/write-file-once';
import { APP_CONFIG, AppConfig } from '../config/app-config';

const KEY_FILE = 'webhook-secrets.key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Endpoint signing secrets: generated here, shown to the tenant once (on creation and on rotation),
 * and stored encrypted. The gateway must sign every delivery with the secret itself, so it cannot
 * keep only a hash as it does for API keys; encrypting it (AES-256-GCM, the endpoint id as
 * associated data, so a sealed secret cannot be moved to another endpoint) keeps a database dump or
 * backup from being enough to forge webhooks to tenants' receivers. The key comes from
 * WEBHOOK_SECRETS_KEY, or is generated once into DATA_DIR/webhook-secrets.key (mode 0600) — fine for
 * one process or processes sharing DATA_DIR; several hosts must set the same WEBHOOK_SECRETS_KEY.
 * A sealed secret names its key (the first 8 hex of the key's SHA-256), so a process with another
 * key says so instead of failing obscurely.
 */
@Injectable()
export class WebhookSecrets implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');
  private key: Buffer | undefined;
  private keyId = '';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    const key = this.config.WEBHOOK_SECRETS_KEY
      ? Buffer.from(this.config.WEBHOOK_SECRETS_KEY.trim(), 'base64')
      : await this.loadOrCreateKeyFile(this.config.DATA_DIR);
    this.key = key;
    this.keyId = createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  /**
   * A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in standard
   * base64; the decoded bytes are the HMAC key (webhook-signature.ts). Secrets issued before were
   * base64url of 32 bytes: the same key, read by the same decoder, so they need no re-keying.
   */
  generate(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  /** The secret encrypted for storage on endpoint `endpointId`: `v1.<key id>.<base64url(iv | ciphertext | tag)>`. */
  seal(secret: string, endpointId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.requireKey(), iv);
    cipher.setAAD(Buffer.from(endpointId));
    const sealed = Buffer.concat([iv, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${this.keyId}.${sealed.toString('base64url')}`;
  }

  /** The secret a seal() of endpoint `endpointId` holds; throws saying why when it cannot be read. */
  open(sealed: string, endpointId: string): string {
    const [version, keyId, payload] = sealed.split('.');
    if (version !== 'v1' || !payload) throw new Error('the stored webhook secret is not in a known format');
    if (keyId !== this.keyId) {
      throw new Error(
        `the webhook secret was encrypted under key ${keyId}, this process has key ${this.keyId}: give every process the same WEBHOOK_SECRETS_KEY`,
      );
    }
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.requireKey(), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error('webhook secrets key not loaded');
    return this.key;
  }

  private async loadOrCreateKeyFile(dataDir: string): Promise<Buffer> {
    const file = join(dataDir, KEY_FILE);
    try {
      const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
      if (key.length === 32) {
        if (((await stat(file)).mode & 0o077) !== 0) {
          await chmod(file, 0o600);
          this.logger.warn({ file }, 'the webhook secrets key file was readable by other users; its mode is now 0600');
        }
        return key;
      }
      throw new Error(`${file} does not hold a 32-byte base64 key; remove it only if no webhook endpoint exists yet`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await mkdir(dataDir, { recursive: true });
    const key = randomBytes(32);
    // A process that started at the same moment and wrote first wins; use its key.
    if (!(await writeFileOnce(file, `${key.toString('base64')}\n`))) return this.loadOrCreateKeyFile(dataDir);
    this.logger.warn({ file }, 'WEBHOOK_SECRETS_KEY is not set; webhook secrets are encrypted with a key generated into this file');
    return key;
  }
}
