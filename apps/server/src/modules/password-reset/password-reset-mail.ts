import type { Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';

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

/** The invitation's texts: an administrator created the account, its holder chooses a password. */
const INVITE_TEXTS: Record<Language, Texts> = {
  fr: {
    subject: 'Votre compte Embauche est prêt',
    greeting: (name) => `Bonjour ${name},`,
    intro: (company) => `${company} vous a créé un compte sur Embauche.`,
    action:
      'Pour choisir votre mot de passe, ouvrez ce lien dans les 7 jours (il ne sert qu’une fois) :',
    ignore: "Si vous ne vous attendiez pas à cet e-mail, ignorez-le : aucun accès n'est ouvert.",
  },
  en: {
    subject: 'Your Embauche account is ready',
    greeting: (name) => `Hello ${name},`,
    intro: (company) => `${company} created an Embauche account for you.`,
    action: 'To choose your password, open this link within 7 days (it works once):',
    ignore:
      'If you did not expect this e-mail, ignore it: nothing is open until you choose a password.',
  },
  es: {
    subject: 'Su cuenta de Embauche está lista',
    greeting: (name) => `Hola ${name}:`,
    intro: (company) => `${company} le ha creado una cuenta en Embauche.`,
    action:
      'Para elegir su contraseña, abra este enlace en un plazo de 7 días (solo sirve una vez):',
    ignore: 'Si no esperaba este correo, ignórelo: no se abre ningún acceso.',
  },
  de: {
    subject: 'Ihr Embauche-Konto ist bereit',
    greeting: (name) => `Hallo ${name},`,
    intro: (company) => `${company} hat Ihnen ein Konto bei Embauche angelegt.`,
    action:
      'Um Ihr Passwort zu wählen, öffnen Sie diesen Link innerhalb von 7 Tagen (er gilt nur einmal):',
    ignore:
      'Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie: Es wird kein Zugang geöffnet.',
  },
};

/**
 * The reset e-mail (or, with `invitation`, the new account's) in `language`: who it is for, the
 * link, and what to do if it was not them.
 */
export function passwordResetMail(input: {
  firstname: string;
  companyName: string;
  link: string;
  language: Language;
  invitation?: boolean;
}): { subject: string; text: string; html: string } {
  const t = (input.invitation ? INVITE_TEXTS : TEXTS)[input.language];
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
