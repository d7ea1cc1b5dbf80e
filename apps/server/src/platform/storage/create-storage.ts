import { LocalDiskStorage } from './local-disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';
import type { StorageLocation } from './storage-url.ts';

/** The storage STORAGE_URL chose: a folder of the local disk or a bucket. */
export function createStorage(location: StorageLocation): FileStorage {
  return location.kind === 'disk' ? new LocalDiskStorage(location.root) : new S3Storage(location);
}
