import type { Language } from '@embauche/contracts/constants';
import { escapeHtml } from '../../platform/mail/escape-html.ts';

type Texts = {
  subject: string;
  greeting: (firstname: string) => string;
  what: (company: string, count: number) => string;
  when: (at: string, ip: string) => string;
  advice: string;
  fine: string;
};

/** The alert's fixed texts in each language (mailLanguage picks one). */
const TEXTS: Record<Language, Texts> = {
  fr: {
    subject: 'Embauche : codes de double authentification erronés sur votre compte',
    greeting: (name) => `Bonjour ${name},`,
    what: (company, count) =>
      `Votre mot de passe Embauche (${company}) a été saisi correctement, puis ${count} codes de double authentification erronés ont suivi. Les connexions par code sont suspendues quelques minutes.`,
    when: (at, ip) => `Dernière tentative : ${at} (UTC), depuis l'adresse ${ip}.`,
    advice:
      "Si ce n'était pas vous, quelqu'un connaît votre mot de passe : changez-le dès maintenant (Profil > Sécurité, ou « Mot de passe oublié ») et prévenez votre administrateur.",
    fine: 'Si c’était vous, attendez quelques minutes puis réessayez avec un code à jour.',
  },
  en: {
    subject: 'Embauche: wrong two-factor codes on your account',
    greeting: (name) => `Hello ${name},`,
    what: (company, count) =>
      `Your Embauche password (${company}) was entered correctly, then ${count} wrong two-factor codes followed. Sign-in by code is paused for a few minutes.`,
    when: (at, ip) => `Last attempt: ${at} (UTC), from the address ${ip}.`,
    advice:
      'If this was not you, someone knows your password: change it now (Profile > Security, or "Forgot password") and tell your administrator.',
    fine: 'If it was you, wait a few minutes and try again with a current code.',
  },
  es: {
    subject: 'Embauche: códigos de doble autenticación erróneos en su cuenta',
    greeting: (name) => `Hola ${name}:`,
    what: (company, count) =>
      `Su contraseña de Embauche (${company}) se introdujo correctamente y después siguieron ${count} códigos de doble autenticación erróneos. El inicio de sesión por código queda en pausa unos minutos.`,
    when: (at, ip) => `Último intento: ${at} (UTC), desde la dirección ${ip}.`,
    advice:
      'Si no ha sido usted, alguien conoce su contraseña: cámbiela ahora (Perfil > Seguridad, o «He olvidado mi contraseña») y avise a su administrador.',
    fine: 'Si ha sido usted, espere unos minutos y vuelva a intentarlo con un código actual.',
  },
  de: {
    subject: 'Embauche: falsche Zwei-Faktor-Codes für Ihr Konto',
    greeting: (name) => `Hallo ${name},`,
    what: (company, count) =>
      `Ihr Embauche-Passwort (${company}) wurde richtig eingegeben, danach folgten ${count} falsche Zwei-Faktor-Codes. Die Anmeldung per Code ist für einige Minuten gesperrt.`,
    when: (at, ip) => `Letzter Versuch: ${at} (UTC), von der Adresse ${ip}.`,
    advice:
      'Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Ändern Sie es sofort (Profil > Sicherheit oder „Passwort vergessen“) und informieren Sie Ihren Administrator.',
    fine: 'Wenn Sie es waren, warten Sie einige Minuten und versuchen Sie es mit einem aktuellen Code erneut.',
  },
};

/**
 * The alert to an account's owner once wrong second-factor codes reached the account's limit:
 * what happened, when and from where, and what to do (change the password) if it was not them.
 */
export function twoFactorAlertMail(input: {
  firstname: string;
  companyName: string;
  count: number;
  at: Date;
  ip: string | null;
  language: Language;
}): { subject: string; text: string; html: string } {
  const t = TEXTS[input.language];
  const at = input.at.toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    t.greeting(input.firstname),
    t.what(input.companyName, input.count),
    t.when(at, input.ip ?? '?'),
    t.advice,
    t.fine,
  ];
  const text = [lines[0], '', lines[1], lines[2], '', lines[3], '', lines[4]].join('\n');
  const html = [
    `<!doctype html><html lang="${input.language}"><body>`,
    ...lines.map((line) => `<p>${escapeHtml(line!)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text, html };
}
