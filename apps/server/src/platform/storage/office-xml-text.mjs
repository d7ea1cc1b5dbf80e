// The text of office documents' XML, read with a flat scan of tags rather than a DOM: memory stays
// proportional to the text, not to the number of elements. Element names are matched without their
// namespace prefix (w:, text:), which every producer in practice spells the same way.

const TOKEN = /<([^>]*)>|([^<]+)/g;

/**
 * The text of a DOCX's word/document.xml: runs' w:t text, paragraphs as lines, w:tab and w:br/w:cr
 * as tab and line break. Deleted text (w:delText), field codes (w:instrText), tab stop definitions
 * (w:tabs) and the fallback copy of alternate content (mc:Fallback) are left out.
 *
 * @param {string} xml
 * @param {number} maxChars stops collecting past this many characters
 */
export function wordprocessingText(xml, maxChars) {
  const out = collector(maxChars);
  let inText = 0;
  let skipped = 0;
  for (const [, tag, text] of xml.matchAll(TOKEN)) {
    if (text !== undefined) {
      if (inText > 0 && skipped === 0) out.add(decodeEntities(text));
    } else {
      const { name, closing, empty } = parseTag(tag);
      if (name === 'tabs' || name === 'Fallback') {
        if (!empty) skipped += closing ? -1 : 1;
      } else if (name === 't') {
        if (!empty) inText += closing ? -1 : 1;
      } else if (skipped === 0 && !closing) {
        if (name === 'tab') out.add('\t');
        else if (name === 'br' || name === 'cr') out.add('\n');
        else if (name === 'noBreakHyphen') out.add('-');
      }
      if (closing && name === 'p' && skipped === 0) out.add('\n');
    }
    if (out.full) break;
  }
  return out.text();
}

/**
 * The text of an ODT's content.xml: paragraphs and headings as lines, text:s as its count of
 * spaces, text:tab and text:line-break. Annotations (comments) are left out.
 *
 * @param {string} xml
 * @param {number} maxChars stops collecting past this many characters
 */
export function opendocumentText(xml, maxChars) {
  const out = collector(maxChars);
  let inParagraph = 0;
  let skipped = 0;
  for (const [, tag, text] of xml.matchAll(TOKEN)) {
    if (text !== undefined) {
      if (inParagraph > 0 && skipped === 0) out.add(decodeEntities(text));
    } else {
      const { name, closing, empty, attributes } = parseTag(tag);
      if (name === 'annotation') {
        if (!empty) skipped += closing ? -1 : 1;
      } else if (name === 'p' || name === 'h') {
        if (!empty) inParagraph += closing ? -1 : 1;
        if ((closing || empty) && skipped === 0) out.add('\n');
      } else if (skipped === 0 && !closing) {
        if (name === 's') {
          const count = Number(/\bc="(\d+)"/.exec(attributes)?.[1] ?? 1);
          out.add(' '.repeat(Math.min(count, 100)));
        } else if (name === 'tab') out.add('\t');
        else if (name === 'line-break') out.add('\n');
      }
    }
    if (out.full) break;
  }
  return out.text();
}

function parseTag(tag) {
  const closing = tag.startsWith('/');
  const empty = tag.endsWith('/');
  const match = /^\/?(?:[\w.-]+:)?([\w.-]+)/.exec(tag);
  // Processing instructions, comments, doctype: no name, ignored.
  return {
    name: tag.startsWith('?') || tag.startsWith('!') ? '' : (match?.[1] ?? ''),
    closing,
    empty,
    attributes: tag,
  };
}

function collector(maxChars) {
  const parts = [];
  let length = 0;
  return {
    add(s) {
      parts.push(s);
      length += s.length;
    },
    get full() {
      return length >= maxChars;
    },
    text: () => parts.join('').slice(0, maxChars),
  };
}

const NAMED = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(s) {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, ref) => {
    if (ref[0] !== '#') return NAMED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}
