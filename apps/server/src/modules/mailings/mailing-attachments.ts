import { randomUUID } from 'node:crypto';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { MAILING_ATTACHMENTS_MAX, MAILING_ATTACHMENTS_MAX_MB } from '@embauche/contracts/mailings';
import { validationFailed, type FieldErrors } from '../../platform/http/http-error.ts';
import type { MultipartFile } from '../../platform/http/parse-body.ts';
import { detectFileType } from '../../platform/storage/file-type.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import type { MailingAttachment } from './mailings.repository.ts';

const ACCEPTED = new Set<string>(CV_MIMES);

/** A file as a mailing keeps it: its kind recognised from its bytes, its name cleaned. */
export type CheckedAttachment = { filename: string; mime: string; ext: string; data: Buffer };

/**
 * The files sent with a mailing: at most MAILING_ATTACHMENTS_MAX, MAILING_ATTACHMENTS_MAX_MB in
 * all, each of the CV kinds (PDF, Word, OpenDocument, RTF, text, images) recognised from its
 * bytes; 422 otherwise, with every error at once.
 */
export function checkAttachments(files: MultipartFile[]): CheckedAttachment[] {
  if (files.length > MAILING_ATTACHMENTS_MAX)
    throw validationFailed({ attachments: [`max_items:${MAILING_ATTACHMENTS_MAX}`] });
  const total = files.reduce((sum, f) => sum + f.data.length, 0);
  if (total > MAILING_ATTACHMENTS_MAX_MB * 1024 * 1024)
    throw validationFailed({ attachments: [`max_size:${MAILING_ATTACHMENTS_MAX_MB}`] });
  const errors: FieldErrors = {};
  const checked = files.map((file, i) => {
    const type = detectFileType(file.data);
    if (!type || !ACCEPTED.has(type.mime)) errors[`attachments.${i}`] = ['file_type'];
    const base =
      file.filename
        .replace(/\.[^.]*$/, '')
        .replace(/[^\p{L}\p{N} _.-]+/gu, '')
        .trim() || 'file';
    return {
      filename: `${base.slice(0, 200)}.${type?.ext ?? 'bin'}`,
      mime: type?.mime ?? '',
      ext: type?.ext ?? 'bin',
      data: file.data,
    };
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return checked;
}

/** Stores the files under `mail-attachments/{company}/`; what was stored goes again on a failure. */
export async function storeAttachments(
  storage: Pick<FileStorage, 'put' | 'delete'>,
  companyId: number,
  files: CheckedAttachment[],
): Promise<MailingAttachment[]> {
  const stored: MailingAttachment[] = [];
  try {
    for (const file of files) {
      const key = `mail-attachments/${companyId}/${randomUUID()}.${file.ext}`;
      await storage.put(key, file.data);
      stored.push({
        filename: file.filename,
        mime: file.mime,
        size: file.data.length,
        storage_key: key,
      });
    }
  } catch (err) {
    await removeAttachments(storage, stored);
    throw err;
  }
  return stored;
}

/** Deletes stored files (a mailing that could not be created); a failure leaves them to the sweep. */
export async function removeAttachments(
  storage: Pick<FileStorage, 'delete'>,
  stored: MailingAttachment[],
): Promise<void> {
  await Promise.all(stored.map((a) => storage.delete(a.storage_key).catch(() => undefined)));
}
