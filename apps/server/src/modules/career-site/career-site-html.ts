import type { Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';

/** Text into HTML (element content or a quoted attribute). */
export const h = (text: string | number | null | undefined) => escapeHtml(String(text ?? ''));

/**
 * A value as JSON inside `<script type="application/ld+json">`: `<`, `>`, `&` and the line
 * separators are written as \u escapes, so no text (an offer's title, its HTML description) can
 * close the script or open another.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Plain text with blank lines as paragraphs and single line breaks kept. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${h(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

export type PageFrame = {
  language: Language;
  title: string;
  description: string;
  canonical: string;
  /** The page in each language offered (hreflang). */
  alternates: { language: Language; url: string }[];
  primary: string;
  accent: string;
  company: string;
  homeUrl: string;
  logoUrl: string | null;
  openGraph: Record<string, string>;
  jsonLd?: unknown;
  languagesLabel: string;
  languageNames: Record<Language, string>;
  body: string;
  /** The footer's links (the privacy notice). */
  footer: { label: string; url: string }[];
};

const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
};

export { LANGUAGE_NAMES };

/**
 * The page around a body: a light, script-free layout in the company's colours (checked for
 * contrast when saved), readable from 320 px up.
 */
export function page(f: PageFrame): string {
  const og = Object.entries(f.openGraph)
    .map(([property, content]) => `<meta property="${h(property)}" content="${h(content)}">`)
    .join('');
  const alternates = f.alternates
    .map((a) => `<link rel="alternate" hreflang="${a.language}" href="${h(a.url)}">`)
    .join('');
  const switcher =
    f.alternates.length > 1
      ? `<nav class="langs" aria-label="${h(f.languagesLabel)}"><ul>${f.alternates
          .map((a) =>
            a.language === f.language
              ? `<li><span aria-current="true" lang="${a.language}">${h(f.languageNames[a.language])}</span></li>`
              : `<li><a href="${h(a.url)}" hreflang="${a.language}" lang="${a.language}">${h(f.languageNames[a.language])}</a></li>`,
          )
          .join('')}</ul></nav>`
      : '';
  const logo = f.logoUrl
    ? `<img src="${h(f.logoUrl)}" alt="" width="48" height="48" class="logo">`
    : '';
  return `<!doctype html>
<html lang="${f.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(f.title)}</title>
<meta name="description" content="${h(f.description)}">
<link rel="canonical" href="${h(f.canonical)}">
<link rel="icon" href="${h(f.logoUrl ?? 'data:,')}">
${alternates}${og}
<style>${css(f.primary, f.accent)}</style>
${f.jsonLd ? `<script type="application/ld+json">${jsonForScript(f.jsonLd)}</script>` : ''}
</head>
<body>
<header class="top"><div class="wrap"><a class="brand" href="${h(f.homeUrl)}">${logo}<span>${h(f.company)}</span></a>${switcher}</div></header>
<main id="main" class="wrap">${f.body}</main>
<footer class="wrap foot">${f.footer.map((l) => `<a href="${h(l.url)}">${h(l.label)}</a>`).join(' · ')}</footer>
</body>
</html>`;
}

/** Colours come from the saved settings (`#rrggbb`, checked again here before use). */
function css(primary: string, accent: string): string {
  const hex = (c: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : fallback);
  const p = hex(primary, '#1d4ed8');
  const a = hex(accent, '#b45309');
  return `:root{--p:${p};--a:${a};color-scheme:light}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1e293b;background:#f8fafc}
.wrap{max-width:64rem;margin:0 auto;padding:0 1rem}
.top{background:var(--p);color:#fff}
.top .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;min-height:4rem}
.brand{display:flex;align-items:center;gap:.75rem;color:#fff;text-decoration:none;font-weight:700;font-size:1.125rem}
.logo{background:#fff;border-radius:.5rem;padding:.25rem;object-fit:contain}
.langs ul{display:flex;gap:.75rem;list-style:none;margin:0;padding:0}
.langs a{color:#fff}
.langs span{font-weight:700;text-decoration:underline}
a{color:var(--a)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
.cover{display:block;width:100%;max-height:18rem;object-fit:cover;border-radius:.75rem;margin-top:1rem}
h1{font-size:1.75rem;line-height:1.2;margin:1.5rem 0 .5rem}
.intro{color:#334155}
form.search{display:grid;gap:.75rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1.5rem 0}
@media(min-width:48rem){form.search{grid-template-columns:2fr repeat(4,1fr) auto;align-items:end}}
label{display:block;font-size:.875rem;font-weight:600;margin-bottom:.25rem}
input,select{width:100%;min-height:2.75rem;font:inherit;border:1px solid #94a3b8;border-radius:.5rem;padding:.5rem;background:#fff;color:#0f172a}
button{min-height:2.75rem;font:inherit;font-weight:600;border:0;border-radius:.5rem;padding:.5rem 1.25rem;background:var(--p);color:#fff;cursor:pointer}
.count{font-weight:600}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
ul.offers{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.offer{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem}
.offer h2{font-size:1.125rem;margin:0 0 .25rem}
.facts{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none;color:#475569;font-size:.9375rem}
.pages{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;justify-content:space-between;margin:1.5rem 0}
article.detail{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0 2rem}
.detail dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
.detail dt{font-weight:600}
.detail dd{margin:0}
.note{background:#f1f5f9;border-radius:.5rem;padding:.75rem 1rem}
.offer-image{max-width:100%;height:auto;border-radius:.5rem}
.foot{padding-top:1rem;padding-bottom:2rem;font-size:.9375rem}
.notice{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0 2rem}
.apply{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 2rem;scroll-margin-top:1rem}
.apply h2{margin-top:.25rem}
.apply form{display:grid;gap:1rem;max-width:40rem;margin-top:1rem}
.apply textarea{width:100%;font:inherit;border:1px solid #94a3b8;border-radius:.5rem;padding:.5rem;background:#fff;color:#0f172a}
.apply input[type=file]{padding:.5rem 0;border:0}
.apply .hint{color:#475569;font-size:.9375rem;margin:0}
.apply .req{color:#b91c1c}
.apply .opt{font-weight:400;color:#475569}
.apply .error{color:#b91c1c;font-weight:600;margin:.25rem 0 0}
.apply [aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.apply .check{display:flex;gap:.75rem;align-items:flex-start}
.apply .check input{width:1.5rem;min-height:1.5rem;height:1.5rem;flex:none;margin:.125rem 0 0}
.apply .check label{font-weight:400;font-size:1rem}
.apply .consent p{margin:0 0 .5rem}
.apply fieldset.group{border:0;margin:0;padding:0;display:grid;gap:.5rem;min-width:0}
.apply fieldset.group legend{font-size:.875rem;font-weight:600;padding:0;margin-bottom:.25rem}
.errors{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;background:#fef2f2}
.errors h3{margin:0 0 .5rem;font-size:1.0625rem}
.errors a{color:#991b1b}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
textarea:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
`;
}
