/**
 * An event id as an HTTP field value. Ids may be IRIs, but a header holds visible ASCII (Node
 * refuses the rest): anything else is percent-encoded as an IRI is mapped to a URI (RFC 3987).
 */
export function headerId(id: string): string {
  return /^[\x20-\x7e]*$/.test(id) ? id : encodeURI(id);
}

/**
 * The forms in which a client may send an id back in `Last-Event-ID`: as is, as {@link headerId}
 * wrote it, or as UTF-8 bytes that Node reads as Latin-1 (what a browser sends for an id it got
 * in the stream).
 */
export function sentBackForms(id: string): string[] {
  if (/^[\x20-\x7e]*$/.test(id)) return [id];
  return [id, encodeURI(id), Buffer.from(id, 'utf8').toString('latin1')];
}
