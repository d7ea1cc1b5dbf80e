import type { Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';

type Texts = {
  subject: (schedule: string) => string;
  greeting: (firstname: string) => string;
  ready: (schedule: string, filename: string) => string;
  action: string;
  access: string;
};

/** The scheduled export's e-mail in each language (mailLanguage picks the recipient's). */
const TEXTS: Record<Language, Texts> = {
  fr: {
    subject: (s) => `Export planifié des offres prêt : ${s}`,
    greeting: (n) => `Bonjour ${n},`,
    ready: (s, f) => `L'export planifié « ${s} » est prêt (${f}).`,
    action: 'Pour le télécharger, ouvrez ce lien :',
    access:
      "Le lien demande d'être connecté à Embauche avec un compte autorisé à exporter les offres.",
  },
  en: {
    subject: (s) => `Scheduled offer export ready: ${s}`,
    greeting: (n) => `Hello ${n},`,
    ready: (s, f) => `The scheduled export "${s}" is ready (${f}).`,
    action: 'To download it, open this link:',
    access:
      'The link asks you to be signed in to Embauche with an account allowed to export offers.',
  },
  es: {
    subject: (s) => `Exportación programada de ofertas lista: ${s}`,
    greeting: (n) => `Hola ${n}:`,
    ready: (s, f) => `La exportación programada «${s}» está lista (${f}).`,
    action: 'Para descargarla, abra este enlace:',
    access:
      'El enlace requiere haber iniciado sesión en Embauche con una cuenta autorizada a exportar ofertas.',
  },
  de: {
    subject: (s) => `Geplanter Angebotsexport bereit: ${s}`,
    greeting: (n) => `Hallo ${n},`,
    ready: (s, f) => `Der geplante Export „${s}“ ist bereit (${f}).`,
    action: 'Zum Herunterladen öffnen Sie diesen Link:',
    access:
      'Für den Link müssen Sie bei Embauche mit einem Konto angemeldet sein, das Angebote exportieren darf.',
  },
};

/** The e-mail a recipient of a scheduled export gets once its file is written. */
export function scheduledExportMail(input: {
  language: Language;
  firstname: string;
  schedule: string;
  filename: string;
  link: string;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[input.language];
  const lines = [
    t.greeting(input.firstname),
    t.ready(input.schedule, input.filename),
    t.action,
    input.link,
    t.access,
  ];
  const e = escapeHtml;
  return {
    subject: t.subject(input.schedule).replace(/[\r\n]+/g, ' '),
    text: lines.join('\n\n'),
    html: [
      `<p>${e(t.greeting(input.firstname))}</p>`,
      `<p>${e(t.ready(input.schedule, input.filename))}</p>`,
      `<p>${e(t.action)} <a href="${e(input.link)}">${e(input.link)}</a></p>`,
      `<p>${e(t.access)}</p>`,
    ].join('\n'),
  };
}
