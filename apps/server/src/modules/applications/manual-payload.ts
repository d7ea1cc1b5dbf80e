import type { FastifyRequest } from 'fastify';
import { ZManualApplicant, type TManualApplicant } from '@embauche/contracts/applicants';
import { validationFailed } from '../../platform/http/http-error.ts';
import { parseOr422, readMultipart } from '../../platform/http/parse-body.ts';
import type { UploadedFile } from '../applicants/applicants.service.ts';

export type UploadLimits = { maxBytes: number; maxMb: number };

/**
 * Spec section 3 "Manual applicant payload": multipart with the `cv` file, repeated `tags[]`, and
 * `source` / `visio` as JSON text (a JSON body without a CV works too). A CV over the limit answers
 * 413 `file_too_large:{mb}` before anything is stored.
 */
export async function readManualPayload(
  request: FastifyRequest,
  limits: UploadLimits,
): Promise<{ input: TManualApplicant; cv: UploadedFile | null }> {
  let raw: Record<string, unknown>;
  let cv: UploadedFile | null = null;
  if (request.isMultipart()) {
    const { fields, files } = await readMultipart(request, limits.maxBytes, limits.maxMb);
    raw = { ...fields };
    const file = files.find((f) => f.field === 'cv');
    if (file && file.data.length) cv = { filename: file.filename, data: file.data };
  } else {
    raw = { ...((request.body as Record<string, unknown> | undefined) ?? {}) };
  }
  for (const key of ['source', 'visio']) {
    const value = raw[key];
    if (typeof value !== 'string') continue;
    if (value.trim() === '') {
      delete raw[key];
      continue;
    }
    try {
      raw[key] = JSON.parse(value);
    } catch {
      throw validationFailed({ [key]: ['invalid'] });
    }
  }
  if (typeof raw.tags === 'string') raw.tags = raw.tags ? raw.tags.split(',') : [];
  return { input: parseOr422(ZManualApplicant, raw), cv };
}
