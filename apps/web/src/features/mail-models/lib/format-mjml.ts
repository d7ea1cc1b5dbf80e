/** Elements that hold other MJML elements: one per line, their children indented. */
const CONTAINERS = new Set([
  'mjml',
  'mj-head',
  'mj-attributes',
  'mj-body',
  'mj-wrapper',
  'mj-section',
  'mj-group',
  'mj-column',
  'mj-hero',
  'mj-social',
  'mj-navbar',
  'mj-accordion',
  'mj-accordion-element',
  'mj-carousel',
]);

/**
 * MJML as grapesjs writes it (one long line) laid out for reading in the code view: each element
 * on its own line, indented by depth; what an element such as `<mj-text>` holds stays as written.
 */
export function formatMjml(mjml: string): string {
  const out: string[] = [];
  const line = (depth: number) => `\n${'  '.repeat(depth)}`;
  let depth = 0;
  let leaf: string | null = null;
  let last = 0;
  for (const match of mjml.matchAll(/<(\/?)(mjml|mj-[a-z-]+)\b[^>]*?(\/?)>/g)) {
    const [tag, closing, name, selfClosing] = match;
    const before = mjml.slice(last, match.index);
    last = match.index + tag.length;
    if (leaf) {
      out.push(before, tag);
      if (closing && name === leaf) leaf = null;
      continue;
    }
    if (before.trim()) out.push(line(depth), before.trim());
    if (closing) {
      depth = Math.max(0, depth - 1);
      out.push(line(depth), tag);
      continue;
    }
    out.push(line(depth), tag);
    if (selfClosing) continue;
    if (CONTAINERS.has(name!)) depth++;
    else leaf = name!;
  }
  out.push(mjml.slice(last));
  return out.join('').trim();
}
