import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** s3rver's built-in account: what the SDK signs with against it. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3rverHandle = {
  endpoint: string;
  bucket: string;
  /** The folder where s3rver keeps the bucket's objects (never the app's DATA_DIR). */
  directory: string;
  /** A STORAGE_URL naming the bucket under `prefix`. */
  storageUrl(prefix: string): string;
  stop(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 in a child process, with one empty bucket.
 * `--openssl-legacy-provider`: s3rver 3.7.1 encrypts its listing continuation tokens with DES,
 * which OpenSSL 3 (Node 17+) refuses otherwise (a listing past 1,000 keys answered 500).
 */
export async function startS3rver(bucket = 'embauche-test'): Promise<S3rverHandle> {
  const directory = mkdtempSync(path.join(tmpdir(), 'embauche-s3rver-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      path.join(import.meta.dirname, 's3rver-process.mjs'),
      directory,
      bucket,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
    child.once('error', reject);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    storageUrl: (prefix) =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&path_style=true`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
