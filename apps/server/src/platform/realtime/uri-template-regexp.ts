import { linearRegExp } from './linear-regexp.ts';

const UNRESERVED = '[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2}';
const RESERVED = `${UNRESERVED}|[:/?#\\[\\]@!$&'()*+,;=]`;
/** A variable name with its modifiers (`:3` prefix, `*` explode): RFC 6570 section 2.3 and 2.4. */
const VARSPEC =
  /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*(?::[1-9][0-9]{0,3}|\*)?$/;
const ESCAPE = /[.*+?^${}()|[\]\\/]/g;

/** What an expression's expansion may look like, per operator (levels 1 to 4, leniently). */
function expressionSource(operator: string, names: string[]): string {
  const value = `(?:${UNRESERVED}|,)*`;
  const named = `(?:${names.map((n) => n.replace(ESCAPE, '\\$&')).join('|')})`;
  switch (operator) {
    case '':
      return value;
    case '+':
      return `(?:${RESERVED})*`;
    case '#':
      return `(?:#(?:${RESERVED})*)?`;
    case '.':
      return `(?:\\.${value})*`;
    case '/':
      return `(?:/${value})*`;
    case ';':
      return `(?:;${named}(?:=${value})?)*`;
    case '?':
      return `(?:\\?${named}=${value}(?:&${named}=${value})*)?`;
    default: // '&'
      return `(?:&${named}=${value})*`;
  }
}

/**
 * The expressions' names, stripped of their modifiers, or undefined when `template` is not a
 * URI template (RFC 6570): then it is an exact string.
 */
function parseExpressions(template: string): { operator: string; names: string[] }[] | undefined {
  const expressions: { operator: string; names: string[] }[] = [];
  for (const [, body] of template.matchAll(/\{([^{}]*)\}/g)) {
    const operator = /^[+#./;?&]/.test(body!) ? body![0]! : '';
    const specs = body!.slice(operator.length).split(',');
    if (!specs.every((s) => VARSPEC.test(s))) return undefined;
    expressions.push({ operator, names: specs.map((s) => s.replace(/(?::\d+|\*)$/, '')) });
  }
  return expressions;
}

/**
 * A URI template (RFC 6570, the classic protocol's selectors: `https://example.com/books/{id}`)
 * as a regular expression matching its expansions, or undefined when the string holds no valid
 * expression (it then only matches itself). Run by the linear-time engine: a template is chosen by
 * the subscriber, and `{a}{b}{c}…` would otherwise backtrack without end.
 */
export function uriTemplateRegExp(template: string): RegExp | undefined {
  if (!template.includes('{')) return undefined;
  const expressions = parseExpressions(template);
  if (!expressions?.length) return undefined;
  const literals = template.split(/\{[^{}]*\}/);
  if (literals.some((l) => /[{}]/.test(l))) return undefined;
  let source = '^';
  literals.forEach((literal, i) => {
    source += literal.replace(ESCAPE, '\\$&');
    const expression = expressions[i];
    if (expression) source += expressionSource(expression.operator, expression.names);
  });
  return linearRegExp(`${source}$`);
}
