import { readFileSync } from 'node:fs';
import { LANGUAGES } from '@embauche/contracts/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentRequestMail } from '../src/modules/applicants/document-request-mail.ts';
import { DOCUMENT_REQUEST_MAIL_TEXTS } from '../src/modules/applicants/document-request-mail-texts.ts';
import { apiAs, type Api } from './support/api.ts';
import { signIn, startTestApp, type TestContext } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const webWords = (language: string) =>
  (
    JSON.parse(
      readFileSync(
        new URL(`../../web/public/i18n/applicant/${language}.json`, import.meta.url),
        'utf8',
      ),
    ) as { document_types: Record<string, string> }
  ).document_types;

describe('the document request e-mail', () => {
  const input = {
    firstname: 'Ophélie',
    companyName: 'Valmont & <Fils>',
    documents: [
      { name: 'identity_card', default_type: 1 },
      { name: 'Permis <CACES>', default_type: 0 },
    ],
    link: 'https://ats.example/documents-upload/abc?x=1&y=2',
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expiresAt: '2026-12-31T23:30:00.000Z',
    timeZone: 'Europe/Paris',
  };

  it('names the default types with the web’s words in each language', () => {
    for (const language of LANGUAGES)
      expect(DOCUMENT_REQUEST_MAIL_TEXTS[language].documentTypes).toEqual(webWords(language));
  });

  it('is written in the language it is given, with the day the link closes where the company is', () => {
    const fr = documentRequestMail({ ...input, language: 'fr' });
    expect(fr.subject).toBe('Valmont & <Fils> : documents demandés pour votre candidature');
    expect(fr.text).toContain("- Pièce d'identité\n- Permis <CACES>");
    expect(fr.text).toContain(
      "ouvert jusqu'au 01/01/2027 :\nhttps://ats.example/documents-upload/abc?x=1&y=2",
    );
    expect(fr.text).not.toContain('identity_card');

    const en = documentRequestMail({ ...input, language: 'en' });
    expect(en.subject).toBe('Valmont & <Fils>: documents requested for your application');
    expect(en.text).toContain('Hello Ophélie,');
    expect(en.text).toContain('- Identity document\n- Permis <CACES>');
    expect(en.text).toContain('open until 01/01/2027:');
    expect(documentRequestMail({ ...input, language: 'de' }).text).toContain('- Ausweisdokument');
    expect(documentRequestMail({ ...input, language: 'es' }).text).toContain(
      '- Documento de identidad',
    );
    const other = documentRequestMail({ ...input, language: 'en', timeZone: 'America/New_York' });
    expect(other.text).toContain('open until 31/12/2026:');
  });

  it('escapes what the company and the applicant wrote in its HTML part', () => {
    const { html } = documentRequestMail({ ...input, language: 'fr' });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Valmont &amp; &lt;Fils&gt; vous demande');
    expect(html).toContain('<li>Pièce d&#39;identité</li>\n<li>Permis &lt;CACES&gt;</li>');
    expect(html).toContain(
      '<a href="https://ats.example/documents-upload/abc?x=1&amp;y=2" rel="noreferrer">',
    );
    expect(html).not.toContain('<Fils>');
  });
});

describe.each(testDatabases())(
  'document requests in the company’s language on $dialect',
  (testDb) => {
    let ctx: TestContext;
    let admin: Api;

    beforeAll(async () => {
      ctx = await startTestApp(testDb);
      admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
    });
    afterAll(() => ctx.close());

    const askAndRead = async () => {
      const applicant = (await admin.get('/api/applicants')).json().data[0] as { id: number };
      const asked = await admin.post(`/api/applicants/${applicant.id}/ask-documents`, {
        applicant_id: applicant.id,
        document_ids: [1, 3],
      });
      expect(asked.statusCode).toBe(200);
      return ctx.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'text', 'html'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    };

    it('writes the applicant’s e-mail in the company’s default language, French by default', async () => {
      const fr = await askAndRead();
      expect(fr.subject).toBe('Groupe Valmont : documents demandés pour votre candidature');
      expect(fr.text).toContain("- Pièce d'identité\n- Diplôme");

      const path = '/api/config/account-infos/admin-infos';
      const { logo_src: _, ...identity } = (await admin.get(path)).json();
      const saved = await admin.put(path, { ...identity, default_language: 'en' });
      expect(saved.statusCode).toBe(200);
      const en = await askAndRead();
      expect(en.subject).toBe('Groupe Valmont: documents requested for your application');
      expect(en.text).toContain('- Identity document\n- Diploma');
      expect(en.html).toContain('<li>Identity document</li>');
    });
  },
);
