import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this many bytes compressing costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Data worth compressing: JSON, text, scripts, styles, SVG, XML. Not server-sent events (each event
 * must reach the browser at once, not wait in a compressor) and not `application/octet-stream`.
 * PDF, images, archives and office files are compressed already (mime-db marks them so).
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /[/+](json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'image/svg+xml'
  );
}

/**
 * Files (a download, a CV shown inline) and streamed bodies go out as they are: stored files are
 * mostly compressed already, a stream would lose its length and ranges, and the web app's assets
 * come precompressed from the build (static-web.ts).
 */
function isFileOrStream(reply: FastifyReply, payload: unknown): boolean {
  return (
    reply.hasHeader('content-disposition') ||
    (typeof payload === 'object' &&
      payload !== null &&
      !Buffer.isBuffer(payload) &&
      ('pipe' in payload || 'getReader' in payload))
  );
}

/**
 * Brotli or gzip, as the client prefers, for API answers above {@link COMPRESSION_THRESHOLD}.
 * Brotli at quality 4 compresses about as well as gzip 6 for a fraction of the CPU of its maximum.
 * Must be registered before the routes (the plugin attaches itself to each route as it is added).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The plugin's own per-request switch: a reply this hook rules out is left untouched.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isFileOrStream(reply, payload)) request.headers['x-no-compression'] = '1';
    return payload;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: isCompressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies stay plain: nothing of ours sends them compressed.
    globalDecompression: false,
  });
}
