import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CvZipStream, type CvFile } from '../src/modules/applicants/cv-bundle.ts';
import { LocalDiskStorage } from '../src/platform/storage/local-disk-storage.ts';
import type { FileStorage } from '../src/platform/storage/storage.ts';
import { zipEntries } from './support/zip-entries.ts';

/**
 * The ZIP a CV bundle's job writes while it walks (cv-bundle.ts, docs/bulk-actions.md): batches
 * added one after the other go into one stored ZIP; a CV whose read fails midway fails the ZIP
 * (rather than leaving the job waiting) and nothing is left under its key.
 */
describe('CvZipStream', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cv-zip-stream-'));
  const disk = new LocalDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const cv = (id: number): CvFile => ({
    applicant: { id, firstname: 'Léa', lastname: 'Quai' },
    key: `cv/1/${id}.txt`,
    mime: 'text/plain',
    filename: 'cv.txt',
  });

  it('writes the batches into one ZIP in the storage', async () => {
    for (const id of [1, 2, 3]) await disk.put(cv(id).key, Buffer.from(`CV ${id}`));
    const zip = new CvZipStream(disk, 'cv-bundles/1/ok.zip');
    await zip.add([cv(1), cv(2)]);
    await zip.add([]);
    await zip.add([cv(3)]);
    const { size } = await zip.end();
    const stored = (await disk.get('cv-bundles/1/ok.zip'))!;
    expect(stored.length).toBe(size);
    const entries = zipEntries(stored);
    expect([...entries.keys()]).toEqual(['Quai_Lea_1.txt', 'Quai_Lea_2.txt', 'Quai_Lea_3.txt']);
    expect(entries.get('Quai_Lea_3.txt')!.toString()).toBe('CV 3');
  });

  it('fails when a CV cannot be read to its end, and keeps nothing', async () => {
    const failing: FileStorage = Object.assign(Object.create(disk) as FileStorage, {
      getStream: async (key: string) => {
        if (key !== cv(2).key) return disk.getStream(key);
        const stream = new Readable({ read() {} });
        stream.push('CV 2, the first bytes');
        setTimeout(() => stream.destroy(new Error('connection reset')), 10);
        return { stream, size: 100 };
      },
    });
    const zip = new CvZipStream(failing, 'cv-bundles/1/broken.zip');
    await expect(zip.add([cv(1), cv(2), cv(3)])).rejects.toThrow('connection reset');
    await expect(zip.end()).rejects.toThrow();
    expect(await disk.head('cv-bundles/1/broken.zip')).toBeNull();
  });
});
