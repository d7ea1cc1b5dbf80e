import type { FileStorage } from './storage.ts';

/**
 * Copies every object of `from` into `to` (`npm run storage:migrate`: the disk store into a
 * bucket), one stream at a time. An object already in `to` with the same size is left as it is,
 * so a copy that stopped half-way can simply be run again.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  progress?: (done: { copied: number; skipped: number }) => void,
): Promise<{ copied: number; skipped: number; bytes: number }> {
  const done = { copied: 0, skipped: 0, bytes: 0 };
  for await (const page of from.list()) {
    for (const object of page) {
      const there = await to.head(object.key);
      if (there && there.size === object.size) {
        done.skipped++;
        continue;
      }
      const source = await from.getStream(object.key);
      if (!source) continue; // deleted since it was listed
      const { size } = await to.putStream(object.key, source.stream);
      done.copied++;
      done.bytes += size;
    }
    progress?.({ copied: done.copied, skipped: done.skipped });
  }
  return done;
}
