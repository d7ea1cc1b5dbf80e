const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text into XML: the five predefined entities escaped, and the characters XML 1.0 forbids
 * (control characters a pasted description may hold) dropped.
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are exactly the characters XML forbids
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)
  );
}

/** A sitemap (sitemaps.org 0.9) of `urls`. */
export function sitemapXml(urls: { loc: string; lastmod: string | null }[]): string {
  const entries = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export type FeedJob = {
  title: string;
  date: string;
  referencenumber: string;
  url: string;
  company: string;
  city: string;
  country: string;
  description: string;
  jobtype: string;
  salary: string;
};

/**
 * The job-board feed in the Indeed-style XML form (`source` > `job`), which most boards ingest.
 * Every value is escaped text (the description's HTML too, as boards read it back as text).
 */
export function feedXml(feed: {
  publisher: string;
  publisherUrl: string;
  lastBuildDate: string;
  jobs: FeedJob[];
}): string {
  const field = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const jobs = feed.jobs
    .map(
      (j) =>
        `<job>${field('title', j.title)}${field('date', j.date)}${field('referencenumber', j.referencenumber)}${field('url', j.url)}${field('company', j.company)}${field('city', j.city)}${field('country', j.country)}${field('description', j.description)}${field('jobtype', j.jobtype)}${j.salary ? field('salary', j.salary) : ''}</job>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<source>${field('publisher', feed.publisher)}${field('publisherurl', feed.publisherUrl)}${field('lastBuildDate', feed.lastBuildDate)}\n${jobs}\n</source>\n`;
}
