import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Location } from './s3-storage.ts';

/** Where files live, as STORAGE_URL says (docs/storage.md). */
export type StorageLocation = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3Location);

const S3_PARAMS = new Set(['endpoint', 'region', 'path_style', 'sse', 'sse_kms_key_id']);

/**
 * `file:///absolute/folder` or `s3://BUCKET/PREFIX?endpoint=…&region=…&path_style=true&sse=…`;
 * throws an Error whose message says what is wrong (the config reports it under STORAGE_URL).
 */
export function parseStorageUrl(value: string): StorageLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be file:///folder or s3://bucket/prefix');
  }
  if (url.protocol === 'file:') {
    if (url.search || url.hash) throw new Error('a file:// URL takes no parameters');
    const root = fileURLToPath(url);
    if (!path.isAbsolute(root)) throw new Error('a file:// URL must name an absolute folder');
    return { kind: 'disk', root: path.resolve(root) };
  }
  if (url.protocol !== 's3:') throw new Error('must be file:///folder or s3://bucket/prefix');
  const bucket = url.hostname;
  // Bucket names: 3 to 63 lowercase letters, digits, dots and hyphens (AWS's rules).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`"${bucket}" is not a valid bucket name`);
  if (url.username || url.password)
    throw new Error(
      'credentials do not go in the URL: use AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  for (const name of url.searchParams.keys())
    if (!S3_PARAMS.has(name)) throw new Error(`unknown parameter "${name}"`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/?#]+\/?$/.test(endpoint))
    throw new Error('endpoint must be http(s)://host[:port]');
  const pathStyle = url.searchParams.get('path_style');
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle))
    throw new Error('path_style must be true or false');
  return {
    kind: 's3',
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: url.searchParams.get('region') || undefined,
    pathStyle: pathStyle === 'true',
    sse: url.searchParams.get('sse') || undefined,
    sseKmsKeyId: url.searchParams.get('sse_kms_key_id') || undefined,
  };
}
