import type { FastifyRequest } from 'fastify';
import { ZFeedCommentRequest, type TFeedCommentRequest } from '@embauche/contracts/activity-feed';
import { validationFailed } from '../../platform/http/http-error.ts';
import { parseOr422, readMultipart } from '../../platform/http/parse-body.ts';
import type { PayloadPresence, UploadedFile } from './comment-writer.ts';

const SCALARS = ['text', 'edit_id', 'parent_id', 'source', 'name'] as const;
const GROUPS = { mentions: ['group', 'users'], is_private: ['self', 'users', 'subsidiaries'] };
const LISTS = new Set(['group', 'users', 'subsidiaries']);

type Grouped = {
  text?: unknown;
  edit_id?: unknown;
  parent_id?: unknown;
  source?: unknown;
  name?: unknown;
  mentions?: Record<string, unknown>;
  is_private?: Record<string, unknown>;
};

/**
 * Groups the spec's multipart fields into the request object: `mentions[users][0]`,
 * `mentions[users][]` (read as `mentions[users]`) and `mentions[users]` (one id, or JSON text of a
 * list) are one list; `mentions` / `is_private` may also come whole as JSON text. Unknown fields
 * are ignored.
 */
export function groupFeedFields(fields: Record<string, unknown>): Grouped {
  const out: Grouped = {};
  const group = (name: 'mentions' | 'is_private') => (out[name] ??= {});
  for (const [key, value] of Object.entries(fields)) {
    if ((SCALARS as readonly string[]).includes(key)) {
      out[key as (typeof SCALARS)[number]] = value;
      continue;
    }
    if (key === 'mentions' || key === 'is_private') {
      const whole = typeof value === 'string' ? parseJson(value, key) : value;
      if (!whole || typeof whole !== 'object' || Array.isArray(whole))
        throw validationFailed({ [key]: ['invalid'] });
      for (const sub of GROUPS[key]) {
        const v = (whole as Record<string, unknown>)[sub];
        if (v !== undefined) group(key)[sub] = v;
      }
      continue;
    }
    const m = /^(mentions|is_private)\[(\w+)\](?:\[(\d{0,4})\])?$/.exec(key);
    if (!m) continue;
    const name = m[1] as 'mentions' | 'is_private';
    const sub = m[2]!;
    if (!GROUPS[name].includes(sub)) continue;
    const target = group(name);
    if (!LISTS.has(sub)) {
      target[sub] = Array.isArray(value) ? value[0] : value;
      continue;
    }
    const list = Array.isArray(target[sub]) ? (target[sub] as unknown[]) : [];
    const values = Array.isArray(value)
      ? value
      : typeof value === 'string' && value.trim().startsWith('[')
        ? (parseJson(value, `${name}.${sub}`) as unknown[])
        : value === ''
          ? []
          : [value];
    if (!Array.isArray(values)) throw validationFailed({ [`${name}.${sub}`]: ['invalid'] });
    target[sub] = [...list, ...values];
  }
  return out;
}

function parseJson(text: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw validationFailed({ [field]: ['invalid'] });
  }
}

/**
 * Reads `POST /activity-feed`'s body: multipart (spec 7; files as `files[i]`, `files[]` or
 * `files`; 413 `file_too_large:{mb}` past the upload limit) or JSON with the same fields.
 */
export async function readFeedPayload(
  request: FastifyRequest,
  limits: { maxBytes: number; maxMb: number },
): Promise<{
  input: TFeedCommentRequest;
  presence: PayloadPresence;
  files: UploadedFile[];
  name: unknown;
}> {
  let fields: Record<string, unknown> = {};
  let files: UploadedFile[] = [];
  if (request.isMultipart()) {
    const body = await readMultipart(request, limits.maxBytes, limits.maxMb);
    fields = body.fields;
    files = body.files;
    const stray = files.find((f) => !/^files(\[\d{0,4}\])?$/.test(f.field));
    if (stray) throw validationFailed({ [stray.field]: ['invalid'] });
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body))
      throw validationFailed({ _: ['invalid'] });
    fields = request.body as Record<string, unknown>;
  }
  const grouped = groupFeedFields(fields);
  const keys = Object.keys(fields);
  return {
    input: parseOr422(ZFeedCommentRequest, grouped),
    presence: {
      isPrivate: keys.some((k) => k.startsWith('is_private')),
      mentions: keys.some((k) => k.startsWith('mentions')),
    },
    files,
    name: grouped.name,
  };
}
