import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { validationFailed, type FieldErrors } from './http-error.ts';

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

export type MultipartFile = { field: string; filename: string; data: Buffer; truncated: boolean };

/**
 * Reads a multipart body: text fields (repeated `field[]` become arrays, JSON-text objects stay
 * text for the schema to parse) and files, each cut at `maxBytes` and flagged `truncated`.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Record<string, string | string[]>; files: MultipartFile[] }> {
  const fields: Record<string, string | string[]> = {};
  const files: MultipartFile[] = [];
  for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      files.push({
        field: part.fieldname,
        filename: part.filename,
        data: data ?? Buffer.alloc(0),
        truncated: data === null || part.file.truncated,
      });
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
