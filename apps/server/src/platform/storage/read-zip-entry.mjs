import { inflateRawSync } from 'node:zlib';
import { ExtractionFailed, ExtractionRefused, megabytes } from './extraction-errors.mjs';

/** Below this, an entry's compression ratio is not worth a look. */
const RATIO_CHECK_FROM = 1048576;

/**
 * One entry of a ZIP archive (DOCX, ODT), inflated under a cap, or null when there is none.
 *
 * Office libraries (mammoth through JSZip) inflate whole entries before looking at them, so a
 * 100 KB file holding 370 MB of XML exhausts the heap. Here the central directory gives the sizes,
 * an entry that announces too much is refused before any inflating, and the inflating itself stops
 * at the cap, for archives that lie about their sizes.
 *
 * @param {Buffer} zip
 * @param {string} name
 * @param {{ maxBytes: number, maxRatio: number }} limits
 * @returns {Buffer | null}
 */
export function readZipEntry(zip, name, { maxBytes, maxRatio }) {
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  if (count === 0xffff || p === 0xffffffff)
    throw new ExtractionFailed('ZIP64 archives are not read');
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) {
      throw new ExtractionFailed('damaged ZIP central directory');
    }
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const size = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const local = zip.readUInt32LE(p + 42);
    const entry = zip.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    if (entry !== name) continue;

    if (flags & 1) throw new ExtractionFailed('encrypted document');
    checkSize(size, compressed, { maxBytes, maxRatio });
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) {
      throw new ExtractionFailed(`damaged ZIP entry ${name}`);
    }
    // The local header's sizes may be zero (data descriptor): the central directory's count.
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressed > zip.length) throw new ExtractionFailed(`truncated ZIP entry ${name}`);
    const data = zip.subarray(start, start + compressed);
    if (method === 0) {
      checkSize(data.length, compressed, { maxBytes, maxRatio });
      return data;
    }
    if (method !== 8) throw new ExtractionFailed(`unsupported ZIP compression method ${method}`);
    let inflated;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch (err) {
      if (err?.code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ExtractionRefused(`decompressed size over ${megabytes(maxBytes)}`);
      }
      throw new ExtractionFailed(`damaged ZIP entry ${name}: ${err?.message ?? err}`);
    }
    checkSize(inflated.length, compressed, { maxBytes, maxRatio });
    return inflated;
  }
  return null;
}

/**
 * The names of a ZIP archive's entries, from its central directory (at most `maxEntries`; more is
 * refused), so that a reader can inflate each under readZipEntry's caps before a library does.
 *
 * @param {Buffer} zip
 * @param {number} maxEntries
 * @returns {string[]}
 */
export function zipEntryNames(zip, maxEntries) {
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  if (count === 0xffff || p === 0xffffffff)
    throw new ExtractionFailed('ZIP64 archives are not read');
  if (count > maxEntries) throw new ExtractionRefused(`more than ${maxEntries} ZIP entries`);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) {
      throw new ExtractionFailed('damaged ZIP central directory');
    }
    const nameLength = zip.readUInt16LE(p + 28);
    names.push(zip.toString('utf8', p + 46, p + 46 + nameLength));
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return names;
}

function checkSize(size, compressed, { maxBytes, maxRatio }) {
  if (size > maxBytes) throw new ExtractionRefused(`decompressed size over ${megabytes(maxBytes)}`);
  if (size >= RATIO_CHECK_FROM && size > Math.max(compressed, 1) * maxRatio) {
    throw new ExtractionRefused(`compression ratio over ${maxRatio}:1`);
  }
}

/** Offset of the end-of-central-directory record: the last 22 bytes, or before a comment. */
function endOfCentralDirectory(zip) {
  const last = zip.length - 22;
  for (let p = last; p >= 0 && p >= last - 0xffff; p--) {
    if (zip.readUInt32LE(p) === 0x06054b50) return p;
  }
  throw new ExtractionFailed('not a ZIP archive');
}
