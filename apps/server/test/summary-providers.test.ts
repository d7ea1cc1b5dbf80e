import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSummaryProvider } from '../src/platform/ai/http-summary-provider.ts';
import {
  LOCAL_SUMMARY_MARKER,
  LocalSummaryProvider,
  topWords,
} from '../src/platform/ai/local-summary-provider.ts';
import type { SummaryInput } from '../src/platform/ai/summary-provider.ts';
import { apiAs } from './support/api.ts';
import { signIn, startTestApp } from './support/test-app.ts';
import { testDatabases } from './support/test-databases.ts';

const INPUT: SummaryInput = {
  language: 'fr',
  applicant: {
    firstname: 'Inès',
    lastname: 'Roux',
    email: 'ines@exemple.fr',
    phone: null,
    tags: ['vivier'],
  },
  cvText:
    "Inès Roux\n2018 – aujourd'hui Comptable — Cabinet Audit Plus\nMaster Contrôle de gestion, IAE Lyon\nSAP, Excel, SAP",
  motivation: null,
  applications: [
    { job_position: 'Comptable', status: 'new', created_at: '2026-01-02T00:00:00.000Z' },
  ],
};

/** A fake OpenAI-compatible server on 127.0.0.1 and a random port. */
async function fakeAi(
  answer: (
    body: { model: string; messages: { content: string }[] },
    req: IncomingMessage,
  ) => [number, object],
) {
  const requests: {
    auth: string | undefined;
    body: { model: string; messages: { content: string }[] };
    url: string;
  }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ auth: req.headers.authorization, body, url: req.url ?? '' });
      const [status, json] = answer(body, req);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe('local summariser', () => {
  it('works offline from the CV text and says what it is', async () => {
    const result = await new LocalSummaryProvider().summarize(INPUT);
    expect(result.source).toBe('local');
    expect(
      result.text.startsWith(`${LOCAL_SUMMARY_MARKER} Résumé automatique hors ligne (sans IA)`),
    ).toBe(true);
    const years = new Date().getUTCFullYear() - 2018;
    expect(result.text).toContain(
      `Expérience : environ ${years} ans, depuis 2018 ; 1 période dans le CV`,
    );
    expect(result.text).toContain('Formation : master (bac + 5)');
    expect(result.text).toContain('SAP');
    // French typography, the pipeline's names (not their keys), the French date format.
    expect(result.text).toContain('Étiquettes : vivier');
    expect(result.text).toContain('Candidatures : Comptable (Nouveau, 02/01/2026)');
    const none = await new LocalSummaryProvider().summarize({
      ...INPUT,
      cvText: null,
      language: 'de',
    });
    expect(none.text).toContain('Kein Lebenslauftext');
    expect(none.text).toContain('Bewerbungen: Comptable (Neu, 02.01.2026)');
  });
});

describe('local summariser in the reader’s language (issue 35)', () => {
  const CV = [
    'Inès Roux — Lyon',
    '2016 – 2019 Assistante comptable chez Fiducial, Lyon',
    "2019 – aujourd'hui Comptable chez KPMG, Paris La Défense",
    'Master Comptabilité Contrôle Audit, IAE Lyon',
    'Compétences : comptabilité, fiscalité, paie, SAP, Excel, Sage',
    'Comptabilité fournisseurs, comptabilité clients, clôtures mensuelles, fiscalité, SAP',
    'Mobilité : Lyon, Villeurbanne, Grenoble — Lyon',
  ].join('\n');
  const input = (language: string): SummaryInput => ({
    ...INPUT,
    language,
    cvText: CV,
    motivation: 'Je souhaite rejoindre une équipe comptable.',
    applications: [
      { job_position: 'Comptable', status: 'interview', created_at: '2026-11-19T09:30:00.000Z' },
    ],
  });

  it.each([
    [
      'en',
      'Experience: about',
      'years, since 2016; 2 periods in the CV',
      'Education: master’s degree',
      'Applications: Comptable (Interview, 19/11/2026)',
      'Motivation: “Je souhaite',
    ],
    [
      'de',
      'Erfahrung: etwa',
      'Jahre, seit 2016; 2 Stationen im Lebenslauf',
      'Ausbildung: Master',
      'Bewerbungen: Comptable (Vorstellungsgespräch, 19.11.2026)',
      'Motivation: „Je souhaite',
    ],
    [
      'es',
      'Experiencia: unos',
      'años, desde 2016; 2 periodos en el CV',
      'Formación: máster',
      'Candidaturas: Comptable (Entrevista, 19/11/2026)',
      'Motivación: «Je souhaite',
    ],
    [
      'fr',
      'Expérience : environ',
      'ans, depuis 2016 ; 2 périodes dans le CV',
      'Formation : master (bac + 5)',
      'Candidatures : Comptable (Entretien, 19/11/2026)',
      'Motivation : « Je souhaite',
    ],
  ])(
    'in %s: its sentences, degree, dates and quotes; no CV line copied',
    async (lang, ...expected) => {
      const { text } = await new LocalSummaryProvider().summarize(input(lang));
      for (const part of expected) expect(text).toContain(part);
      // No ISO date, and no line of the (French) CV copied into the summary.
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(text).not.toContain('chez');
      expect(text).not.toContain("aujourd'hui");
    },
  );

  it('draws its keywords from skills and job words, not places nor companies', async () => {
    const { text } = await new LocalSummaryProvider().summarize(input('en'));
    const line = text.split('\n').find((l) => l.startsWith('CV keywords: '))!;
    const keywords = line.slice('CV keywords: '.length).split(', ');
    expect(keywords.map((k) => k.toLowerCase())).toEqual(
      expect.arrayContaining(['comptabilité', 'fiscalité', 'sap', 'comptable']),
    );
    for (const name of [
      'Lyon',
      'Paris',
      'Défense',
      'Villeurbanne',
      'Grenoble',
      'KPMG',
      'Fiducial',
      'IAE',
      'Roux',
    ])
      expect(keywords).not.toContain(name);
  });
});

describe('local summariser keywords', () => {
  const CONTACT_HEAVY = [
    'Jean-Baptiste Martin',
    'E-mail : jean.baptiste.martin@gmail.com — jbm@exemple-societe.fr',
    'Tél. : +33 6 12 34 56 78 / 06.12.34.56.78',
    'LinkedIn : https://www.linkedin.com/in/jb-martin-42 — github.com/jbmartin — www.jbmartin.dev',
    'Né le 12/03/1990, disponible à partir du 2026-01-15',
    'Mars 2019 – Décembre 2022 : Développeur React, TypeScript, Node.js — contact@acme.com',
    'Janvier 2023 – aujourd’hui : Développeur React et TypeScript, ASP.NET, PostgreSQL',
    'Projets : React Native, TypeScript, PostgreSQL, Docker, Docker, React',
    'Salaire 45000 €, 3 enfants, 75011 Paris, 12.03.2020, 03/2021',
  ].join('\n');

  it('lists words, never e-mail fragments, domains, dates or numbers', async () => {
    const result = await new LocalSummaryProvider().summarize({
      ...INPUT,
      applicant: { ...INPUT.applicant, firstname: 'Jean-Baptiste', lastname: 'Martin' },
      cvText: CONTACT_HEAVY,
    });
    const line = result.text.split('\n').find((l) => l.startsWith('Mots-clés du CV : '));
    expect(line).toBeDefined();
    const keywords = line!.slice('Mots-clés du CV : '.length).split(', ');
    expect(keywords.slice(0, 2)).toEqual(['React', 'TypeScript']);
    expect(keywords).toContain('Docker');
    expect(keywords).toContain('PostgreSQL');
    expect(keywords).toContain('ASP.NET');
    for (const word of keywords) {
      expect(word).not.toMatch(/[@/\d]/);
      expect(word.toLowerCase()).not.toMatch(
        /gmail|exemple|societe|acme|linkedin|github|jbmartin|baptiste|martin|https?|www|\.com|\.fr|\.dev|^mars$|^janvier$|^décembre$|^e-mail$|^tél$|contact/,
      );
    }
  });

  it('keeps technology names with a dot', () => {
    expect(
      topWords('Node.js, Socket.io, ASP.NET; node.js — ines@node.fr https://vue.org', 5, new Set()),
    ).toEqual(['Node.js', 'ASP.NET', 'Socket.io']);
  });
});

describe('HTTP summariser', () => {
  let ai: Awaited<ReturnType<typeof fakeAi>>;
  beforeAll(async () => {
    ai = await fakeAi((body) =>
      body.messages[1]!.content.includes('"boom"')
        ? [500, { error: 'x' }]
        : [
            200,
            { model: 'fake-1', choices: [{ message: { content: 'Comptable confirmée, 8 ans.' } }] },
          ],
    );
  });
  afterAll(() => ai.close());

  it('posts to {base}/chat/completions with the key and model', async () => {
    const provider = new HttpSummaryProvider({ baseUrl: ai.url, apiKey: 'sk-test', model: 'm-1' });
    const result = await provider.summarize(INPUT);
    expect(result).toEqual({
      text: 'Comptable confirmée, 8 ans.',
      source: 'http',
      model: 'fake-1',
    });
    const last = ai.requests.at(-1)!;
    expect(last.url).toBe('/v1/chat/completions');
    expect(last.auth).toBe('Bearer sk-test');
    expect(last.body.model).toBe('m-1');
    expect(last.body.messages[1]!.content).toContain('Cabinet Audit Plus');
    // No e-mail or phone leaves for the provider.
    expect(last.body.messages[1]!.content).not.toContain('ines@exemple.fr');
    await expect(provider.summarize({ ...INPUT, cvText: 'boom' })).rejects.toThrow('500');
  });

  it.each(testDatabases())(
    'is used by the API when AI_BASE_URL is set ($dialect)',
    async (testDb) => {
      const ctx = await startTestApp(testDb, {
        AI_BASE_URL: ai.url,
        AI_API_KEY: 'sk-test',
        AI_MODEL: 'm-2',
      });
      try {
        const admin = apiAs(ctx.app, await signIn(ctx.app, 'admin@demo.test'));
        const item = (await admin.get('/api/treatment/applications')).json().data[0];
        const res = await admin.get(`/api/applications/${item.id}/summary`);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          source: 'http',
          model: 'fake-1',
          text: 'Comptable confirmée, 8 ans.',
        });
        expect(ai.requests.at(-1)!.body.model).toBe('m-2');
      } finally {
        await ctx.close();
      }
    },
  );
});
