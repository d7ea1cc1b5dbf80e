// The e-mail compiling thread (mail-compile.ts keeps up to two, each compiling document after
// document: a `{ id, data }` message is answered with `{ id, answer }`).
// Plain JavaScript: it runs as is from the sources (tsx, Vitest) and bundled as
// dist/mail-compile.worker.mjs by build.mjs, without a TypeScript loader.
import { parentPort } from 'node:worker_threads';
import mjml2html from 'mjml';
import sanitizeHtml from 'sanitize-html';
import { convert } from 'html-to-text';

/**
 * What an e-mail's HTML may hold once compiled: the table layout, text and images that MJML
 * writes, with their inline styles and `<style>` blocks (media queries for phones); no script,
 * frame, object, form or event handler, and links only to web, mail and phone addresses (or a
 * merge field, `{{offer.link}}`, filled with a checked address when sent).
 */
const OPTIONS = {
  allowedTags: [
    'html',
    'head',
    'body',
    'meta',
    'title',
    'style',
    'div',
    'span',
    'p',
    'br',
    'hr',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'colgroup',
    'col',
    'center',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sup',
    'sub',
    'small',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'font',
  ],
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'border',
      'dir',
      'lang',
      'role',
      'title',
    ],
    a: ['href', 'target', 'rel', 'name'],
    img: ['src', 'alt'],
    table: ['cellpadding', 'cellspacing', 'background'],
    td: ['colspan', 'rowspan', 'background'],
    th: ['colspan', 'rowspan'],
    meta: ['name', 'content', 'http-equiv', 'charset'],
    html: ['xmlns', 'xmlns:v', 'xmlns:o'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowVulnerableTags: true, // `<style>`: CSS, no script (its content is text to sanitize-html)
  disallowedTagsMode: 'discard',
  // Conditional comments for Outlook are dropped (they could carry anything).
  allowedClasses: undefined,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
    }),
  },
};

/** A `<style>` block's text without what could load or run anything (imports, expressions, urls to scripts). */
function cleanCss(html) {
  return html.replace(/<style([^>]*)>([\s\S]*?)<\/style>/gi, (_, attrs, css) => {
    const safe = css
      .replace(/@import[^;]*;?/gi, '')
      .replace(/expression\s*\(/gi, '(')
      .replace(/url\s*\(\s*['"]?\s*javascript:[^)]*\)/gi, 'none');
    return `<style${attrs}>${safe}</style>`;
  });
}

async function compile({ mjml, limits }) {
  // The parser is lenient: a document cut short would compile to nothing.
  if (!/<mj-body[\s>]/i.test(mjml) || !/<\/mjml>\s*$/i.test(mjml))
    return {
      kind: 'refused',
      code: 'invalid_mjml',
      message: 'not a whole <mjml> document with an <mj-body>',
    };
  const out = await mjml2html(mjml, {
    validationLevel: 'soft',
    keepComments: false,
    minify: false,
    // No file from the server's disk is ever read.
    ignoreIncludes: true,
  });
  const errors = (out.errors ?? []).filter(
    (e) => !/has invalid value|Attribute .* is illegal/.test(e.message ?? ''),
  );
  if (errors.length) {
    const first = errors[0];
    return {
      kind: 'refused',
      code: 'invalid_mjml',
      message: `line ${first.line}: ${first.message}`,
    };
  }
  const html = cleanCss(sanitizeHtml(out.html, OPTIONS));
  if (html.length > limits.maxHtmlChars)
    return { kind: 'refused', code: 'invalid_mjml', message: 'too large once compiled' };
  const text = convert(html, {
    // No wrapping: the merge fields, filled later, would break lines in odd places.
    wordwrap: false,
    selectors: [
      // MJML's tables are its layout: the default `table` format reads them as blocks.
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['<', '>'] } },
    ],
  }).trim();
  return { kind: 'done', value: { html, text } };
}

parentPort.on('message', ({ id, data }) =>
  compile(data).then(
    (answer) => parentPort.postMessage({ id, answer }),
    (err) =>
      parentPort.postMessage({
        id,
        answer: {
          kind: 'refused',
          code: 'invalid_mjml',
          message: String(err?.message ?? err).slice(0, 300),
        },
      }),
  ),
);
