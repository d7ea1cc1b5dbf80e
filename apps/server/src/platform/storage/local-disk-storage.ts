import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, ObjectStream, StoredObject } from './storage.ts';

const PAGE = 1000;

/** Files under one folder of the local disk (`DATA_DIR/uploads` by default). */
export class LocalDiskStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data);
  }

  /** Written beside the target and renamed: a reader never sees half a file. */
  async putStream(key: string, body: Readable): Promise<{ size: number }> {
    const full = this.resolve(key);
    await mkdir(path.dirname(full), { recursive: true });
    const partial = `${full}.${randomUUID()}.part`;
    const out = createWriteStream(partial);
    try {
      await pipeline(body, out);
      const { size } = await stat(partial);
      await rename(partial, full);
      return { size };
    } catch (err) {
      // A source that fails at once rejects the pipeline while the file is still being opened: the
      // partial file is removed once the stream has closed, or the late open would leave it behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resolve(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async getStream(key: string): Promise<ObjectStream | null> {
    let handle;
    try {
      handle = await open(this.resolve(key), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    try {
      const { size } = await handle.stat();
      // The stream closes the handle when it ends or is destroyed.
      return { stream: handle.createReadStream(), size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.resolve(key));
      return s.isFile() ? { key, size: s.size, modifiedAt: s.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  async *list(prefix = ''): AsyncIterable<StoredObject[]> {
    // Walk only the folder the prefix names (`cv/3/` walks cv/3, `cv/3/ab` walks cv/3 too).
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    let page: StoredObject[] = [];
    for await (const object of this.walk(folder ? this.resolve(folder) : this.root)) {
      if (!object.key.startsWith(prefix)) continue;
      page.push(object);
      if (page.length >= PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }

  /** Files one directory entry at a time (opendir), never a whole tree in memory. */
  private async *walk(dir: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for await (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(full);
      else if (entry.isFile()) {
        const s = await stat(full).catch(() => null);
        if (s)
          yield {
            key: path.relative(this.root, full).split(path.sep).join('/'),
            size: s.size,
            modifiedAt: s.mtime,
          };
      }
    }
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
