import { knownLanguage, type Language } from '@embauche/contracts/constants';
import { escapeHtml as h } from '../../platform/mail/escape-html.ts';

const TEXTS: Record<
  Language,
  { title: string; ask: (c: string) => string; button: string; done: (c: string) => string }
> = {
  fr: {
    title: 'Désinscription',
    ask: (c) => `Ne plus recevoir d’e-mails de ${c} ?`,
    button: 'Me désinscrire',
    done: (c) => `C’est fait : ${c} ne vous écrira plus par e-mail.`,
  },
  en: {
    title: 'Unsubscribe',
    ask: (c) => `Stop receiving e-mails from ${c}?`,
    button: 'Unsubscribe',
    done: (c) => `Done: ${c} will not e-mail you any more.`,
  },
  es: {
    title: 'Darse de baja',
    ask: (c) => `¿Dejar de recibir correos de ${c}?`,
    button: 'Darme de baja',
    done: (c) => `Hecho: ${c} ya no le escribirá por correo.`,
  },
  de: {
    title: 'Abmelden',
    ask: (c) => `Keine E-Mails mehr von ${c} erhalten?`,
    button: 'Abmelden',
    done: (c) => `Erledigt: ${c} schreibt Ihnen keine E-Mails mehr.`,
  },
};

/**
 * The unsubscribe page of a bulk e-mail's link, in the company's language, without any script:
 * the question with a button (a POST to the same address, which mail programs' one-click
 * unsubscribe also sends), then the confirmation.
 */
export function unsubscribePage(
  language: string,
  company: string,
  state: 'ask' | 'done',
  action: string,
): string {
  const lng = knownLanguage(language);
  const t = TEXTS[lng];
  const body =
    state === 'ask'
      ? `<p>${h(t.ask(company))}</p><form method="post" action="${h(action)}"><button type="submit">${h(t.button)}</button></form>`
      : `<p role="status">${h(t.done(company))}</p>`;
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${h(t.title)} – ${h(company)}</title><style>body{font:1rem/1.5 system-ui,sans-serif;color:#0f172a;max-width:36rem;margin:3rem auto;padding:0 1rem}button{font:inherit;min-height:2.75rem;padding:.5rem 1rem;border-radius:.5rem;border:0;background:#1e293b;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}</style></head><body><main><h1>${h(t.title)}</h1>${body}</main></body></html>`;
}
