import { randomUUID } from 'node:crypto';
import type {
  TOfferImage,
  TOfferImageListFilters,
  TOfferImagePage,
} from '@embauche/contracts/offer-settings';
import { OFFER_IMAGE_MIMES } from '@embauche/contracts/offer-settings';
import { ERROR_CODES } from '@embauche/contracts/errors';
import type { AuditTrail } from '../../platform/audit/audit-trail.ts';
import type { AuthContext } from '../../platform/auth/auth-context.ts';
import { nowIso } from '../../platform/db/database.ts';
import { HttpError, notFound, validationFailed } from '../../platform/http/http-error.ts';
import type { MultipartFile } from '../../platform/http/parse-body.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { readImage } from './image-thumbnail.ts';
import type { OfferImagesRepository } from './offer-images.repository.ts';
import { iso } from './offer-settings-rows.ts';
import { pageOf } from '../../platform/http/list-query.ts';

type ImageRow = NonNullable<Awaited<ReturnType<OfferImagesRepository['find']>>>;

const ACCEPTED = new Set<string>(OFFER_IMAGE_MIMES);

function toImage(row: ImageRow): TOfferImage {
  return {
    id: row.id,
    filename: row.filename,
    mime: row.mime as TOfferImage['mime'],
    size: row.size,
    width: row.width,
    height: row.height,
    thumb_width: row.thumb_width,
    thumb_height: row.thumb_height,
    url: `/api/offer-images/${row.id}/file`,
    thumbnail_url: `/api/offer-images/${row.id}/thumbnail`,
    offer_count: Number(row.offer_count ?? 0),
    created_at: iso(row.created_at),
  };
}

/** Whether something besides offers shows an image: the error field and code that say what. */
export type ImageUsage = (
  companyId: number,
  imageId: number,
) => Promise<{ field: string; code: string } | null>;

/** A foreign key refused the delete: an offer took the image meanwhile. */
function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function inUse(count: number) {
  return new HttpError(409, `The image is shown by ${count} offer(s).`, ERROR_CODES.imageInUse, {
    offers: [`image_in_use:${count}`],
  });
}

/**
 * The company's image bank (contracts/offer-settings.ts documents the calls). Deleting an image
 * that offers show is refused (409 with their count) rather than leaving those offers without
 * their picture behind the recruiter's back: they pick another image first.
 */
export class OfferImagesService {
  /** Other uses of an image that later modules declare (the career site's cover, issue 37). */
  private readonly usages: ImageUsage[] = [];

  constructor(
    private readonly repo: OfferImagesRepository,
    private readonly storage: FileStorage,
    private readonly audit: Pick<AuditTrail, 'record'>,
  ) {}

  /**
   * Declares another use of the bank's images: while it answers a field and a code for an image,
   * deleting the image is refused with them (409), as it is for offers.
   */
  addUsage(usage: ImageUsage): void {
    this.usages.push(usage);
  }

  async page(auth: AuthContext, f: TOfferImageListFilters): Promise<TOfferImagePage> {
    const { rows, total } = await this.repo.page(
      auth.companyId,
      f.per_page,
      (f.page - 1) * f.per_page,
    );
    return pageOf(rows.map(toImage), f.page, f.per_page, total);
  }

  private async row(auth: AuthContext, id: number): Promise<ImageRow> {
    const row = await this.repo.find(auth.companyId, id);
    if (!row) throw notFound('Image');
    return row;
  }

  async get(auth: AuthContext, id: number): Promise<TOfferImage> {
    return toImage(await this.row(auth, id));
  }

  /** For the offers module: 422 `image_id: invalid` unless the image is in the company's bank. */
  async check(companyId: number, id: number | null | undefined): Promise<void> {
    if (id == null) return;
    if (!(await this.repo.find(companyId, id))) throw validationFailed({ image_id: ['invalid'] });
  }

  async upload(auth: AuthContext, file: MultipartFile | undefined): Promise<TOfferImage> {
    if (!file || file.data.length === 0) throw validationFailed({ file: ['field_required'] });
    const type = detectFileType(file.data);
    if (!type || !ACCEPTED.has(type.mime)) throw validationFailed({ file: ['file_type'] });
    const image = await readImage(file.data, type.mime);
    const base = `offer-images/${auth.companyId}/${randomUUID()}`;
    const storageKey = `${base}.${type.ext}`;
    const thumbKey = `${base}-thumb.webp`;
    await this.storage.put(storageKey, file.data);
    await this.storage.put(thumbKey, image.thumbnail);
    const id = await this.repo.insert({
      company_id: auth.companyId,
      filename: file.filename,
      mime: type.mime,
      size: file.data.length,
      width: image.width,
      height: image.height,
      thumb_width: image.thumbWidth,
      thumb_height: image.thumbHeight,
      storage_key: storageKey,
      thumb_key: thumbKey,
      created_by: auth.userId,
      created_at: nowIso(),
    });
    await this.audit.record(
      auth,
      'offer_image.uploaded',
      { type: 'offer_image', id },
      { filename: file.filename, size: file.data.length },
    );
    return this.get(auth, id);
  }

  async remove(auth: AuthContext, id: number): Promise<void> {
    const row = await this.row(auth, id);
    const count = Number(row.offer_count ?? 0);
    if (count > 0) throw inUse(count);
    for (const usage of this.usages) {
      const used = await usage(auth.companyId, id);
      if (used)
        throw new HttpError(409, 'The image is in use.', ERROR_CODES.imageInUse, {
          [used.field]: [used.code],
        });
    }
    try {
      await this.repo.delete(auth.companyId, id);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw inUse(1);
      throw err;
    }
    await this.storage.delete(row.storage_key);
    await this.storage.delete(row.thumb_key);
    await this.audit.record(
      auth,
      'offer_image.deleted',
      { type: 'offer_image', id },
      { filename: row.filename },
    );
  }

  /** The image's bytes or its thumbnail's, for a user of its company only. */
  async bytes(
    auth: AuthContext,
    id: number,
    which: 'file' | 'thumbnail',
  ): Promise<{ data: Buffer; mime: string }> {
    const row = await this.row(auth, id);
    const data = await this.storage.get(which === 'file' ? row.storage_key : row.thumb_key);
    if (!data) throw notFound('Image');
    return { data, mime: which === 'file' ? row.mime : 'image/webp' };
  }
}
