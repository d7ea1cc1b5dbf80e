import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@embauche/contracts/constants';
import { transferMail } from '../src/modules/shares/transfer-mail.ts';
import { mailLanguage } from '../src/platform/mail/mail-language.ts';

/** 22:30 UTC on 31 March: already 1 April in Paris. */
const EXPIRES = '2025-03-31T22:30:00.000Z';
const items = [
  { name: 'Léa Martin', jobPosition: 'Comptable', link: 'https://ats.test/shared/t1/applicant' },
  { name: 'Paul <Roy>', jobPosition: null, link: 'https://ats.test/shared/t2/applicant' },
];

describe('transfer e-mail', () => {
  it('writes French as before: message, who sends what with the links, until when', () => {
    const mail = transferMail({
      senderName: 'Camille Durand',
      message: 'Bonjour,\nvoici deux profils.',
      items,
      expiresAt: '2025-05-10T10:00:00.000Z',
      language: 'fr',
    });
    expect(mail.text).toBe(
      [
        'Bonjour,',
        'voici deux profils.',
        '',
        'Camille Durand vous transmet 2 profils :',
        '- Léa Martin (Comptable) : https://ats.test/shared/t1/applicant',
        '- Paul <Roy> : https://ats.test/shared/t2/applicant',
        '',
        "Les liens restent ouverts jusqu'au 10/05/2025. Ne les transférez pas : ils donnent accès au profil sans connexion.",
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('<li>Paul &lt;Roy&gt; : <a href="https://ats.test/shared/t2/');
  });

  it('writes the fixed texts in each of the four languages, one profile or several', () => {
    const intro = (language: (typeof LANGUAGES)[number], count: number) =>
      transferMail({
        senderName: 'Ana',
        message: '',
        items: items.slice(0, count),
        expiresAt: null,
        language,
      }).text.split('\n')[0];
    expect(LANGUAGES.map((l) => [intro(l, 1), intro(l, 2)])).toEqual([
      ['Ana vous transmet un profil :', 'Ana vous transmet 2 profils :'],
      ['Ana is sharing a profile with you:', 'Ana is sharing 2 profiles with you:'],
      ['Ana le envía un perfil:', 'Ana le envía 2 perfiles:'],
      ['Ana sendet Ihnen ein Profil:', 'Ana sendet Ihnen 2 Profile:'],
    ]);
    const expiry = LANGUAGES.map((language) =>
      transferMail({ senderName: 'Ana', message: '', items, expiresAt: EXPIRES, language })
        .text.split('\n')
        .at(-1)!,
    );
    // The day in Paris (already 1 April), written as the web writes dates in each language
    // (German with dots, as its date fields ask: TT.MM.JJJJ).
    const day = { fr: '01/04/2025', en: '01/04/2025', es: '01/04/2025', de: '01.04.2025' };
    expect(LANGUAGES.map((language, i) => expiry[i]!.includes(day[language]))).toEqual([true, true, true, true]);
    expect(new Set(expiry).size).toBe(4);
    expect(expiry[1]).toMatch(/^The links stay open until 01\/04\/2025\. Please do not forward/);
    const english = transferMail({
      senderName: 'Ana',
      message: '',
      items,
      expiresAt: null,
      language: 'en',
    });
    expect(english.text).toContain(
      '- Léa Martin (Comptable): https://ats.test/shared/t1/applicant',
    );
    expect(english.html).toContain('<html lang="en">');
  });

  it('takes the sender’s saved language when the product speaks it, else French', () => {
    expect(['en', 'es', 'de', 'fr'].map(mailLanguage)).toEqual(['en', 'es', 'de', 'fr']);
    expect([null, undefined, '', 'it', 'EN'].map(mailLanguage)).toEqual([
      'fr',
      'fr',
      'fr',
      'fr',
      'fr',
    ]);
  });
});
