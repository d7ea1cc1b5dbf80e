import type { Language } from '@embauche/contracts/constants';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Texts = {
  subject: string;
  greeting: (firstname: string) => string;
  intro: (company: string) => string;
  action: string;
  ignore: string;
};

/** The reset e-mail's fixed texts in each language (mailLanguage picks one). */
const TEXTS: Record<Language, Texts> = {
  fr: {
    subject: 'Réinitialisation de votre mot de passe Embauche',
    greeting: (name) => `Bonjour ${name},`,
    intro: (company) =>
      `Une réinitialisation du mot de passe de votre compte Embauche (${company}) a été demandée.`,
    action:
      'Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure (il ne sert qu’une fois) :',
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  en: {
    subject: 'Reset your Embauche password',
    greeting: (name) => `Hello ${name},`,
    intro: (company) =>
      `Someone asked to reset the password of your Embauche account (${company}).`,
    action: 'To choose a new password, open this link within the hour (it works once):',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  es: {
    subject: 'Restablecer su contraseña de Embauche',
    greeting: (name) => `Hola ${name}:`,
    intro: (company) =>
      `Se ha solicitado restablecer la contraseña de su cuenta de Embauche (${company}).`,
    action:
      'Para elegir una nueva contraseña, abra este enlace en el plazo de una hora (solo sirve una vez):',
    ignore: 'Si no lo ha solicitado, ignore este correo: su contraseña no cambia.',
  },
  de: {
    subject: 'Ihr Embauche-Passwort zurücksetzen',
    greeting: (name) => `Hallo ${name},`,
    intro: (company) =>
      `Für Ihr Embauche-Konto (${company}) wurde das Zurücksetzen des Passworts angefordert.`,
    action:
      'Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb einer Stunde (er gilt nur einmal):',
    ignore:
      'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
};

/** The reset e-mail in `language`: who it is for, the link, and what to do if it was not them. */
export function passwordResetMail(input: {
  firstname: string;
  companyName: string;
  link: string;
  language: Language;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[input.language];
  const greeting = t.greeting(input.firstname);
  const intro = t.intro(input.companyName);
  const text = [greeting, '', intro, t.action, input.link, '', t.ignore].join('\n');
  const link = escapeHtml(input.link);
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(t.action)}</p>`,
    `<p><a href="${link}" rel="noreferrer">${link}</a></p>`,
    `<p>${escapeHtml(t.ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html };
}
