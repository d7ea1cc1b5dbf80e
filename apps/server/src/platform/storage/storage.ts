import type { Readable } from 'node:stream';

/** An object as a listing or `head` sees it. */
export type StoredObject = { key: string; size: number; modifiedAt: Date };

/** An object's bytes as a stream, with its size (a download's Content-Length). */
export type ObjectStream = { stream: Readable; size: number };

/**
 * Where every file of the product lives (docs/storage.md): the local disk by default
 * (LocalDiskStorage), an S3-compatible bucket with `STORAGE_URL=s3://…` (S3Storage). Keys are
 * relative paths (`cv/3/….pdf`); nothing outside this interface reads or writes the files.
 *
 * `put` and `get` hold a whole file in memory: for small ones (images, logos, avatars). CVs,
 * documents, attachments, exports and bundles go through `putStream` and `getStream`.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Writes the stream's bytes under `key` without holding them all; answers the size written. */
  putStream(key: string, body: Readable): Promise<{ size: number }>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream, or null when there is none. */
  getStream(key: string): Promise<ObjectStream | null>;
  /** Size and last change of the object, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  /** Deletes the object; deleting one that is not there is no error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix`, a page (at most about 1,000) at a time, so that a
   * walk over a large store never holds it all.
   */
  list(prefix?: string): AsyncIterable<StoredObject[]>;
  /** Lets go of connections (the S3 client's); the app calls it when it closes. */
  close?(): void;
}
