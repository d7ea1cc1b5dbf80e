import sharp from 'sharp';
import { OFFER_IMAGE_MAX_PIXELS, OFFER_IMAGE_THUMB_SIZE } from '@embauche/contracts/offer-settings';
import { validationFailed } from '../../platform/http/http-error.ts';

export type ReadImage = {
  width: number;
  height: number;
  thumbnail: Buffer;
  thumbWidth: number;
  thumbHeight: number;
};

/** sharp's names of the formats the bank takes, by the MIME type sniffed from the bytes. */
const SHARP_FORMATS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const MEGAPIXELS = Math.round(OFFER_IMAGE_MAX_PIXELS / 1_000_000);

/**
 * Reads an uploaded image's size and makes its WebP thumbnail (at most OFFER_IMAGE_THUMB_SIZE px on
 * its longer side, turned upright by its EXIF orientation, first frame of an animation). sharp
 * decodes on libuv's thread pool, so the request thread stays free; the header's pixel count is
 * checked before any decoding (`too_many_pixels:{MP}`), and `limitInputPixels` holds the same line
 * should a header lie. A file that is not the image its first bytes say answers `file_unreadable`.
 */
export async function readImage(data: Buffer, mime: string): Promise<ReadImage> {
  const options = { limitInputPixels: OFFER_IMAGE_MAX_PIXELS, failOn: 'error' as const };
  let meta: sharp.Metadata;
  try {
    // The header only, nothing decoded: the limit is checked below with a clear code.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw validationFailed({ file: ['file_unreadable'] });
  }
  if (!meta.width || !meta.height || meta.format !== SHARP_FORMATS[mime])
    throw validationFailed({ file: ['file_unreadable'] });
  // The frame's height: an animation's metadata height is every frame's stacked.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > OFFER_IMAGE_MAX_PIXELS)
    throw validationFailed({ file: [`too_many_pixels:${MEGAPIXELS}`] });
  const turned = (meta.orientation ?? 1) >= 5;
  try {
    const { data: thumbnail, info } = await sharp(data, options)
      .rotate()
      .resize(OFFER_IMAGE_THUMB_SIZE, OFFER_IMAGE_THUMB_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      width: turned ? frameHeight : meta.width,
      height: turned ? meta.width : frameHeight,
      thumbnail,
      thumbWidth: info.width,
      thumbHeight: info.height,
    };
  } catch {
    throw validationFailed({ file: ['file_unreadable'] });
  }
}
