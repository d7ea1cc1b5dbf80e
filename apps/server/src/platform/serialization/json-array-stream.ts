import { Readable } from 'node:stream';
import { z } from 'zod';
import { compileZodJson } from './compiled-serializer.ts';

/** Each item schema's array writer, compiled once. */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * A JSON array written batch by batch as the batches come (issue 42: an unpaged list answers every
 * row with the memory of one batch, docs/lists.md): `[`, each batch's items written by the item
 * schema's compiled writer (only its declared fields), `]`. Pulled by the response as the client
 * reads, so a slow client holds back the database reads. An error after the first bytes ends the
 * answer cut short (invalid JSON), never a shorter valid one.
 */
export function jsonArrayStream<T>(item: z.ZodType, batches: AsyncIterable<T[]>): Readable {
  let write = writers.get(item);
  if (!write) writers.set(item, (write = compileZodJson(z.array(item))));
  async function* parts() {
    yield '[';
    let first = true;
    for await (const batch of batches) {
      if (!batch.length) continue;
      const text = write!(batch);
      // `[a,b]` → `a,b`, joined to the batch before by a comma.
      yield `${first ? '' : ','}${text.slice(1, -1)}`;
      first = false;
    }
    yield ']';
  }
  return Readable.from(parts(), { objectMode: false });
}
