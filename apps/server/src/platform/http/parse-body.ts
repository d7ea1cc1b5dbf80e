import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@embauche/contracts/errors';
import { HttpError, validationFailed, type FieldErrors } from './http-error.ts';
import { nulField } from './input-guard.ts';
import { validationCode } from './validation-code.ts';

/** Zod issues as the 422 `errors` map; our schemas carry the code in the message. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    (errors[field] ??= []).push(validationCode(issue.code, issue.message));
  }
  return errors;
}

/** Parses a body the handler read itself (multipart fields, JSON text inside them). */
export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // What input-guard.ts does for JSON bodies: a NUL (here from JSON text in a field) never gets in.
  const nul = nulField(value);
  if (nul !== undefined) throw validationFailed({ [nul || '_']: ['invalid'] });
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

export type MultipartFile = { field: string; filename: string; data: Buffer };

/**
 * The name a browser gave a file, fit to store and show: no directories, no control characters
 * (PostgreSQL refuses NUL), at most 255 characters (the columns' size) with its extension kept.
 */
export function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 255) return base || 'file';
  const ext = /\.[A-Za-z0-9]{1,10}$/.exec(base)?.[0] ?? '';
  return base.slice(0, 255 - ext.length) + ext;
}

/** Text fields of a multipart body are names, e-mails, JSON text: far below this. */
export const MULTIPART_FIELD_MAX_BYTES = 1024 * 1024;

export const invalidMultipart = () =>
  new HttpError(400, 'The body is not valid multipart/form-data.', ERROR_CODES.invalidMultipart);

/**
 * Whether `error` comes from reading a malformed multipart body: busboy's own errors (no boundary,
 * cut short, a malformed part header) carry no status and would otherwise answer 500.
 */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof HttpError) return false;
  if ((error as { statusCode?: number }).statusCode !== undefined) return false;
  return /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header)/i.test(
    error.message,
  );
}

/**
 * Reads a multipart body: text fields (repeated `field[]` become arrays, JSON-text objects stay
 * text for the schema to parse) and files. A file over `maxMb` answers 413 with
 * `file_too_large:{maxMb}` on its field, before anything is saved; a text field over
 * MULTIPART_FIELD_MAX_BYTES answers 413 too (busboy would silently cut it). A malformed body (no
 * boundary, cut short) answers 400 `invalid_multipart`.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  maxMb: number,
  /**
   * Where to collect the parts: a caller that answers an error with the form again (the career
   * site) keeps the fields read before the part that failed.
   */
  into: { fields: Record<string, string | string[]>; files: MultipartFile[] } = {
    fields: {},
    files: [],
  },
): Promise<{ fields: Record<string, string | string[]>; files: MultipartFile[] }> {
  const { fields, files } = into;
  try {
    await readParts(request, maxBytes, maxMb, fields, files);
  } catch (err) {
    throw isMalformedMultipart(err) ? invalidMultipart() : err;
  }
  return { fields, files };
}

async function readParts(
  request: FastifyRequest,
  maxBytes: number,
  maxMb: number,
  fields: Record<string, string | string[]>,
  files: MultipartFile[],
): Promise<void> {
  const limits = { fileSize: maxBytes, fieldSize: MULTIPART_FIELD_MAX_BYTES };
  for await (const part of request.parts({ limits })) {
    if (part.type === 'file') {
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
        data = Buffer.alloc(0);
      }
      if (part.file.truncated || data.length > maxBytes) {
        throw new HttpError(413, 'File too large.', ERROR_CODES.payloadTooLarge, {
          [part.fieldname]: [`file_too_large:${maxMb}`],
        });
      }
      files.push({ field: part.fieldname, filename: cleanFilename(part.filename), data });
    } else {
      if (part.valueTruncated || part.fieldnameTruncated) {
        throw new HttpError(413, 'Field too large.', ERROR_CODES.payloadTooLarge, {
          [part.fieldname]: [`max_length:${MULTIPART_FIELD_MAX_BYTES}`],
        });
      }
      const value = String(part.value);
      // PostgreSQL refuses NUL in text (see input-guard.ts, which checks JSON bodies).
      if (value.includes('\u0000') || part.fieldname.includes('\u0000'))
        throw validationFailed({ [part.fieldname.split('\u0000').join('')]: ['invalid'] });
      if (part.fieldname.endsWith('[]')) {
        const name = part.fieldname.slice(0, -2);
        const list = fields[name];
        fields[name] = Array.isArray(list) ? [...list, value] : [value];
      } else {
        fields[part.fieldname] = value;
      }
    }
  }
}
