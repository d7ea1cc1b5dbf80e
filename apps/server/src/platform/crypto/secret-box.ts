import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  timingSafeEqual,
  randomBytes,
  type CipherGCM,
} from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets kept in the database (an SSO client secret, job-board credentials) are sealed with
 * AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` in base64url. The key is derived (HKDF-SHA256) from
 * ENCRYPTION_KEY. `context` names where the value lives (`company_sso.client_secret:12`) and is
 * authenticated with it, so a sealed value copied to another row or column does not open.
 * Never send a sealed or opened secret to the browser.
 */
export class SecretBox {
  readonly #key: Buffer;
  /** A key of its own for MACs (HKDF with another label): signing never uses the sealing key. */
  readonly #macKey: Buffer;

  constructor(keyMaterial: string) {
    if (keyMaterial.length < 32) throw new Error('The encryption key needs 32+ characters.');
    this.#key = Buffer.from(hkdfSync('sha256', keyMaterial, 'embauche', 'secret-box:v1', 32));
    this.#macKey = Buffer.from(hkdfSync('sha256', keyMaterial, 'embauche', 'mac:v1', 32));
  }

  /**
   * HMAC-SHA256 of `data` under `context` (base64url): a value the server hands out and reads back
   * (a form's timestamp) that nobody else can forge, and that is valid in its context only.
   */
  mac(data: string, context: string): string {
    return createHmac('sha256', this.#macKey).update(`${context}\n${data}`).digest('base64url');
  }

  /** Whether `mac` is `data`'s MAC under `context` (compared in constant time). */
  verifyMac(data: string, context: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(data, context));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, (cipher as CipherGCM).getAuthTag(), data]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; throws when the value was altered, moved, or sealed with another key. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || data === undefined)
      throw new Error('Not a sealed secret.');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

const boxes = new Map<string, SecretBox>();

/**
 * The box of the configuration: ENCRYPTION_KEY, or else a random key created once in
 * `DATA_DIR/encryption.key` (mode 600), so that development and small installs work unconfigured.
 * One box per key, shared by the modules.
 */
export function secretBoxFor(config: Pick<Config, 'encryptionKey' | 'dataDir'>): SecretBox {
  const material = config.encryptionKey ?? keyFileMaterial(config.dataDir);
  const id = createHash('sha256').update(material).digest('hex');
  let box = boxes.get(id);
  if (!box) boxes.set(id, (box = new SecretBox(material)));
  return box;
}

function keyFileMaterial(dataDir: string): string {
  const file = path.join(dataDir, 'encryption.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  try {
    // `wx`: another process that created it first wins; read theirs.
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
