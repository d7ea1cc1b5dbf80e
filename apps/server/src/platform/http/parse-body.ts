import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ERROR_CODES } from '@embauche/contracts/errors';
import { HttpError, validationFailed, type FieldErrors } from './http-error.ts';

/** Zod issues as the 422 `errors` map; our schemas carry the code in the message. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const code = /^[a-z_]+(:\d+)?$/.test(issue.message)
      ? issue.message
      : issue.code === 'invalid_type' && issue.message.includes('received undefined')
        ? 'field_required'
        : 'invalid';
    (errors[field] ??= []).push(code);
  }
  return errors;
}

export function parseOr422<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

export type MultipartFile = { field: string; filename: string; data: Buffer };

/**
 * Reads a multipart body: text fields (repeated `field[]` become arrays, JSON-text objects stay
 * text for the schema to parse) and files. A file over `maxMb` answers 413 with
 * `file_too_large:{maxMb}` on its field, before anything is saved.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  maxMb: number,
): Promise<{ fields: Record<string, string | string[]>; files: MultipartFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: MultipartFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
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
      files.push({ field: part.fieldname, filename: part.filename, data });
    } else {
      const value = String(part.value);
      if (part.fieldname.endsWith('[]')) {
        const name = part.fieldname.slice(0, -2);
        const list = fields[name];
        fields[name] = Array.isArray(list) ? [...list, value] : [value];
      } else {
        fields[part.fieldname] = value;
      }
    }
  }
  return { fields, files };
}
