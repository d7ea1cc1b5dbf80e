import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ServerSideEncryption,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStorage, ObjectStream, StoredObject } from './storage.ts';

/** A bucket as STORAGE_URL names it (storage-url.ts). */
export type S3Location = {
  bucket: string;
  /** Prepended to every key: '' or ending with '/'. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, s3rver…); unset: AWS. */
  endpoint: string | undefined;
  /** Unset: the SDK's (AWS_REGION, the profile). */
  region: string | undefined;
  pathStyle: boolean;
  /** Server-side encryption asked for each object written: `AES256`, `aws:kms`… */
  sse: string | undefined;
  sseKmsKeyId: string | undefined;
};

/** Streams go up in parts of this size, two at a time: an upload holds at most ~16 MB. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Objects of an S3-compatible bucket. Credentials come from the SDK's standard chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, the instance's role…) unless given.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;

  constructor(
    private readonly at: S3Location,
    credentials?: { accessKeyId: string; secretAccessKey: string },
  ) {
    this.client = new S3Client({
      ...(at.region ? { region: at.region } : {}),
      ...(at.endpoint ? { endpoint: at.endpoint } : {}),
      forcePathStyle: at.pathStyle,
      ...(credentials ? { credentials } : {}),
      // S3-compatible servers vary in their support of the checksums the SDK now adds by default
      // (s3rver, older MinIO and Ceph); against AWS itself the defaults stay.
      ...(at.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
    });
  }

  private object(key: string) {
    if (!key || key.startsWith('/') || key.split('/').includes('..'))
      throw new Error(`Invalid storage key: ${key}`);
    return { Bucket: this.at.bucket, Key: this.at.prefix + key };
  }

  private encryption() {
    return {
      ...(this.at.sse ? { ServerSideEncryption: this.at.sse as ServerSideEncryption } : {}),
      ...(this.at.sseKmsKeyId ? { SSEKMSKeyId: this.at.sseKmsKeyId } : {}),
    };
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        ...this.object(key),
        Body: data,
        ContentLength: data.length,
        ...this.encryption(),
      }),
    );
  }

  async putStream(key: string, body: Readable): Promise<{ size: number }> {
    let size = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (size += chunk.length));
    body.on('error', (err) => counted.destroy(err));
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { ...this.object(key), Body: counted, ...this.encryption() },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async get(key: string): Promise<Buffer | null> {
    const found = await this.getStream(key);
    if (!found) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of found.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async getStream(key: string): Promise<ObjectStream | null> {
    try {
      const out = await this.client.send(new GetObjectCommand(this.object(key)));
      // In Node the body is the response's IncomingMessage: a Readable.
      return { stream: out.Body as Readable, size: out.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand(this.object(key)));
      return { key, size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand(this.object(key)));
  }

  async *list(prefix = ''): AsyncIterable<StoredObject[]> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.at.bucket,
          Prefix: this.at.prefix + prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      const page = (out.Contents ?? []).flatMap((o) =>
        o.Key
          ? [
              {
                key: o.Key.slice(this.at.prefix.length),
                size: o.Size ?? 0,
                modifiedAt: o.LastModified ?? new Date(0),
              },
            ]
          : [],
      );
      if (page.length) yield page;
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration mistake, not a missing file.
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
