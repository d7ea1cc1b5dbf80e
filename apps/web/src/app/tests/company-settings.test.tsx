import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type {
  TCompanyIdentity,
  TOfferExportJob,
  TOfferParameters,
  TSubscription,
} from '@embauche/contracts/company-settings';
import type { TOfferExportSchedule } from '@embauche/contracts/offer-export-schedules';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';
import { formatDate } from '../../lib/dates.ts';

afterEach(() => {
  toast.dismiss();
});

const FORBIDDEN = "Vous n'avez pas accès à cette page";
const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.company_description', 'config.export_job_offers'];

const IDENTITY: TCompanyIdentity = {
  social_reason: 'Acme Industries',
  logo_src: null,
  country: 'FR',
  organisation_type: 0,
  support_url: null,
  default_language: 'fr',
  time_zone: 'Europe/Paris',
};

type Call = { method: string; url: string; body: unknown };

function useIdentityApi() {
  const calls: Call[] = [];
  let identity = { ...IDENTITY };
  server.use(
    http.get('*/api/config/account-infos/admin-infos', () => HttpResponse.json(identity)),
    http.put('*/api/config/account-infos/admin-infos', async ({ request }) => {
      const body = (await request.json()) as TCompanyIdentity;
      calls.push({ method: 'PUT', url: request.url, body });
      identity = { ...identity, ...body };
      return HttpResponse.json(identity);
    }),
    http.post('*/api/config/account-infos/admin-infos/logo', async ({ request }) => {
      const form = await request.formData();
      calls.push({ method: 'POST', url: request.url, body: (form.get('logo') as File).name });
      identity = { ...identity, logo_src: '/api/company/logo?v=abc' };
      return HttpResponse.json(identity);
    }),
    http.delete('*/api/config/account-infos/admin-infos/logo', ({ request }) => {
      calls.push({ method: 'DELETE', url: request.url, body: null });
      identity = { ...identity, logo_src: null };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/company/logo', () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })),
  );
  return calls;
}

describe('config account-infos/admin-infos', () => {
  it('is forbidden and out of the menu without config.account', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS.filter((p) => p !== 'config.account')));
    renderApp('/config/account-infos/admin-infos');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Informations du compte' })).not.toBeInTheDocument();
  });

  it('validates and saves the identity', async () => {
    signIn(makeMe(PERMISSIONS));
    const calls = useIdentityApi();
    renderApp('/config/account-infos/admin-infos');
    const name = await screen.findByRole('textbox', { name: /Raison sociale/ }, { timeout: 5000 });
    expect(name).toHaveValue('Acme Industries');
    expect(screen.getByRole('combobox', { name: /Pays/ })).toHaveValue('FR');
    expect(screen.getByRole('combobox', { name: /Fuseau horaire/ })).toHaveValue('Europe/Paris');

    await userEvent.clear(name);
    await userEvent.type(screen.getByRole('textbox', { name: /Adresse du support/ }), 'ftp://aide');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(screen.getByText('Saisissez une adresse web complète commençant par https:// ou http://.')).toBeVisible();
    expect(calls).toHaveLength(0);

    await userEvent.type(name, 'Acme SAS');
    const url = screen.getByRole('textbox', { name: /Adresse du support/ });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://aide.acme.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Type d'organisation/ }), 'Établissement de santé');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Langue par défaut/ }), 'Allemand');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres enregistrés.')).toBeVisible();
    expect(calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { social_reason: 'Acme SAS', support_url: 'https://aide.acme.example', organisation_type: 2, default_language: 'de', country: 'FR', time_zone: 'Europe/Paris' },
    });
  }, 30_000);

  it('uploads the logo (size checked first) and removes it', async () => {
    signIn(makeMe(PERMISSIONS));
    const calls = useIdentityApi();
    renderApp('/config/account-infos/admin-infos');

    const file = await screen.findByLabelText('Choisir un logo', undefined, { timeout: 5000 });
    await userEvent.upload(file, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Le fichier dépasse 2 Mo.')).toBeVisible();
    await userEvent.upload(file, new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Logo de Acme Industries' })).toBeVisible();
    expect(calls.at(-1)?.method).toBe('POST');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le logo' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Logo de Acme Industries' })).not.toBeInTheDocument());
    expect(calls.at(-1)?.method).toBe('DELETE');
  });

  it('shows in English', async () => {
    signIn(makeMe(PERMISSIONS, { language: 'en' }));
    useIdentityApi();
    renderApp('/config/account-infos/admin-infos', { lng: 'en' });
    expect(await screen.findByRole('textbox', { name: /Company name/ }, { timeout: 5000 })).toHaveValue('Acme Industries');
    expect(screen.getByRole('heading', { name: 'Company identity' })).toBeVisible();
  });
});

describe('config account-infos/subscription', () => {
  const PLAN: TSubscription = {
    plan_name: 'Entreprise',
    seats_used: 12,
    seats_allowed: 20,
    renewal_date: '2027-01-31',
    features: ['SMS'],
    editable: false,
  };

  it('is read-only for a company administrator', async () => {
    signIn(makeMe(PERMISSIONS));
    server.use(http.get('*/api/config/account-infos/subscription', () => HttpResponse.json(PLAN)));
    renderApp('/config/account-infos/subscription');
    expect(await screen.findByText('12 sur 20 utilisateurs', undefined, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Utilisateurs' })).toHaveAttribute('aria-valuenow', '12');
    expect(screen.getByText('31 janvier 2027')).toBeVisible();
    const features = screen.getByRole('list', { name: 'Fonctionnalités' });
    expect(within(features).getByText('SMS aux candidats')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('lets a super administrator change seats, renewal and features', async () => {
    signIn(makeMe(PERMISSIONS, { super_admin: true }));
    const bodies: unknown[] = [];
    let plan = { ...PLAN, editable: true };
    server.use(
      http.get('*/api/config/account-infos/subscription', () => HttpResponse.json(plan)),
      http.put('*/api/config/account-infos/subscription', async ({ request }) => {
        const body = (await request.json()) as Partial<TSubscription>;
        bodies.push(body);
        plan = { ...plan, ...body };
        return HttpResponse.json(plan);
      }),
    );
    renderApp('/config/account-infos/subscription');
    const seats = await screen.findByRole('spinbutton', { name: /Utilisateurs autorisés/ }, { timeout: 5000 });
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La valeur minimale est 1.')).toBeVisible();
    await userEvent.clear(seats);
    await userEvent.type(seats, '30');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Non-discrimination des offres' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({
      plan_name: 'Entreprise',
      seats_allowed: 30,
      renewal_date: '2027-01-31',
      features: ['SMS', 'NonDiscrimination'],
    });
  });
});

describe('config joboffers/offer-parameters', () => {
  it('needs the NonDiscrimination feature: no menu entry and forbidden without it', async () => {
    signIn(makeMe(PERMISSIONS, { features: [] }));
    renderApp('/config/joboffers/offer-parameters');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Paramètres des offres' })).not.toBeInTheDocument();
  });

  it('saves the wording checks and mandatory mentions', async () => {
    signIn(makeMe(PERMISSIONS, { features: ['NonDiscrimination'] }));
    const bodies: unknown[] = [];
    let params: TOfferParameters = { require_gender_mention: false, forbidden_words: ['jeune'], mandatory_mentions: null };
    server.use(
      http.get('*/api/config/joboffers/offer-parameters', () => HttpResponse.json(params)),
      http.put('*/api/config/joboffers/offer-parameters', async ({ request }) => {
        params = (await request.json()) as TOfferParameters;
        bodies.push(params);
        return HttpResponse.json(params);
      }),
    );
    renderApp('/config/joboffers/offer-parameters');
    const words = await screen.findByRole('textbox', { name: /Mots interdits/ }, { timeout: 5000 });
    expect(words).toHaveValue('jeune');
    await userEvent.click(screen.getByRole('checkbox', { name: /Exiger une mention neutre/ }));
    await userEvent.type(words, '{enter}dynamique');
    await userEvent.type(screen.getByRole('textbox', { name: /Mentions obligatoires/ }), 'Poste ouvert à tous.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({
      require_gender_mention: true,
      forbidden_words: ['jeune', 'dynamique'],
      mandatory_mentions: 'Poste ouvert à tous.',
    });
  });
});

describe('config joboffers/export', () => {
  it('is forbidden without config.export_job_offers', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/joboffers/export');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
  });

  it('starts an export with chosen columns, shows its progress, then the download link', async () => {
    signIn(makeMe(PERMISSIONS));
    const bodies: unknown[] = [];
    const job: TOfferExportJob = {
      id: 4,
      format: 'json',
      columns: ['id', 'job_position'],
      language: 'fr',
      status: 'running',
      progress: 1,
      total: 4,
      filename: null,
      download_url: null,
      created_at: '2026-11-26T09:00:00.000Z',
      finished_at: null,
    };
    let polls = 0;
    let jobs: TOfferExportJob[] = [];
    server.use(
      http.get('*/api/config/joboffers/export', () => {
        if (jobs.length && ++polls > 1) jobs = [{ ...job, status: 'done', progress: 4, filename: 'offres-2026-11-26.json', download_url: '/api/config/joboffers/export/4/download' }];
        return HttpResponse.json({ data: jobs });
      }),
      http.post('*/api/config/joboffers/export', async ({ request }) => {
        bodies.push(await request.json());
        jobs = [job];
        return HttpResponse.json({ ...job, status: 'queued', progress: 0, total: null }, { status: 202 });
      }),
    );
    renderApp('/config/joboffers/export');
    expect(await screen.findByText('Aucun export pour le moment.', undefined, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Tout décocher' }));
    await userEvent.click(screen.getByRole('button', { name: "Lancer l'export" }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Identifiant' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Intitulé du poste' }));
    await userEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    await userEvent.click(screen.getByRole('button', { name: "Lancer l'export" }));
    expect(await screen.findByText('Export lancé : il apparaît ci-dessous.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ format: 'json', columns: ['id', 'job_position'], language: 'fr' });
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    const link = await screen.findByRole('link', { name: 'Télécharger offres-2026-11-26.json' }, { timeout: 4000 });
    expect(link).toHaveAttribute('href', '/api/config/joboffers/export/4/download');
  }, 30_000);
});

describe('config joboffers/company-description', () => {
  it('is forbidden without config.company_description', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/joboffers/company-description');
    expect(await screen.findByRole('heading', { name: FORBIDDEN }, { timeout: 5000 })).toBeVisible();
  });

  it('edits the text with the offers rich-text editor and saves it', async () => {
    signIn(makeMe(PERMISSIONS));
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/config/joboffers/company-description', () => HttpResponse.json({ description: '<p>Acme recrute.</p>' })),
      http.put('*/api/config/joboffers/company-description', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return HttpResponse.json(body);
      }),
    );
    renderApp('/config/joboffers/company-description');
    const editor = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 8000 });
    expect(editor).toHaveTextContent('Acme recrute.');
    expect(editor).toHaveAccessibleDescription(/Mise en forme simple/);
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Paramètres enregistrés.')).toBeVisible();
    expect(bodies.at(-1)).toEqual({ description: '<p>Acme recrute.</p>' });
  }, 30_000);
});

describe('offer page: what the company settings add', () => {
  it('shows the company description and the mandatory mentions under the description', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    server.use(
      http.get('*/api/projects/10/offers/100', () =>
        HttpResponse.json(
          makeOfferDetail({
            company_description: '<p>Acme <strong>recrute</strong> partout.</p>',
            mandatory_mentions: 'Poste ouvert aux personnes en situation de handicap.',
          }),
        ),
      ),
    );
    renderApp('/projects/10/offer/100');
    const about = await screen.findByRole('region', { name: "À propos de l'entreprise" }, { timeout: 8000 });
    expect(within(about).getByText('recrute', { selector: 'strong' })).toBeVisible();
    const mentions = screen.getByRole('region', { name: 'Mentions obligatoires' });
    expect(within(mentions).getByText('Poste ouvert aux personnes en situation de handicap.')).toBeVisible();
  }, 30_000);
});

describe('config joboffers/export: scheduled exports', () => {
  const SCHEDULE: TOfferExportSchedule = {
    id: 7,
    name: 'Hebdo RH',
    frequency: 'weekly',
    weekday: 1,
    month_day: null,
    hour: 9,
    format: 'xlsx',
    columns: ['id', 'job_position'],
    language: 'fr',
    recipient_ids: [3],
    enabled: true,
    time_zone: 'Europe/Paris',
    next_run_at: '2026-11-30T08:00:00.000Z',
    last_run_at: '2026-11-23T08:00:05.000Z',
    last_export: { id: 41, status: 'done', download_url: '/api/config/joboffers/export/41/download' },
  };

  function useSchedulesApi() {
    const calls: Call[] = [];
    let rows = [SCHEDULE];
    server.use(
      http.get('*/api/config/joboffers/export', () => HttpResponse.json({ data: [] })),
      http.get('*/api/config/offer-export-schedules', () => HttpResponse.json({ data: rows, current_page: 1, last_page: 1, per_page: 10, total: rows.length })),
      http.get('*/api/config/offer-export-schedules/recipients', () =>
        HttpResponse.json({
          data: [
            { id: 3, firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.test' },
            { id: 5, firstname: 'Bruno', lastname: 'Petit', email: 'bruno@acme.test' },
          ],
        }),
      ),
      http.post('*/api/config/offer-export-schedules', async ({ request }) => {
        const body = (await request.json()) as TOfferExportSchedule;
        calls.push({ method: 'POST', url: request.url, body });
        const created = { ...SCHEDULE, ...body, id: 8, last_run_at: null, last_export: null };
        rows = [...rows, created];
        return HttpResponse.json(created, { status: 201 });
      }),
      http.put('*/api/config/offer-export-schedules/:id', async ({ request }) => {
        const body = (await request.json()) as TOfferExportSchedule;
        calls.push({ method: 'PUT', url: request.url, body });
        rows = rows.map((r) => (request.url.endsWith(`/${r.id}`) ? { ...r, ...body } : r));
        return HttpResponse.json(rows[0]);
      }),
      http.delete('*/api/config/offer-export-schedules/:id', ({ request }) => {
        calls.push({ method: 'DELETE', url: request.url, body: null });
        rows = rows.filter((r) => !request.url.endsWith(`/${r.id}`));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    return calls;
  }

  it('lists the schedules with their next and last runs in the reader’s locale', async () => {
    signIn(makeMe(PERMISSIONS));
    useSchedulesApi();
    renderApp('/config/joboffers/export');
    const list = await screen.findByRole('list', { name: 'Exports planifiés' }, { timeout: 5000 });
    // On the company's clock (Europe/Paris), whatever the browser's: the rule's 09:00.
    const at = (iso: string) => formatDate(iso, 'longdatetime', 'fr', { timeZone: 'Europe/Paris' });
    expect(at(SCHEDULE.next_run_at!)).toMatch(/09:00$/);
    expect(within(list).getByText('Hebdo RH')).toBeVisible();
    expect(within(list).getByText(/Chaque lundi à 09:00/)).toBeVisible();
    expect(within(list).getByText(new RegExp(`Prochain lancement : ${at(SCHEDULE.next_run_at!)}`))).toBeVisible();
    expect(within(list).getByText(new RegExp(`Dernier lancement : ${at(SCHEDULE.last_run_at!)} \\(Terminé\\)`))).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Télécharger le dernier export de Hebdo RH' })).toHaveAttribute('href', '/api/config/joboffers/export/41/download');
    expect(screen.getByText('1 export planifié')).toBeVisible();
  }, 30_000);

  it('adds a monthly schedule with recipients, validated with the shared schema', async () => {
    signIn(makeMe(PERMISSIONS));
    const calls = useSchedulesApi();
    renderApp('/config/joboffers/export');
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter un export planifié' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel export planifié' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findAllByText('Ce champ est obligatoire.')).length).toBeGreaterThanOrEqual(2);
    expect(calls).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nom/ }), 'Mensuel direction');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Fréquence/ }), 'monthly');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Jour du mois/ }), '15');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Heure/ }), '6');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'CSV' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Bruno Petit/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Export planifié « Mensuel direction » ajouté.')).toBeVisible();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Mensuel direction', frequency: 'monthly', weekday: null, month_day: 15, hour: 6, format: 'csv', language: 'fr', recipient_ids: [5], enabled: true },
    });
  }, 30_000);

  it('edits and deletes a schedule', async () => {
    signIn(makeMe(PERMISSIONS));
    const calls = useSchedulesApi();
    renderApp('/config/joboffers/export');
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Hebdo RH' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'export planifié" });
    expect(within(dialog).getByRole('textbox', { name: /Nom/ })).toHaveValue('Hebdo RH');
    expect(within(dialog).getByRole('checkbox', { name: /Alice Martin/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Activé' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Export planifié « Hebdo RH » enregistré.')).toBeVisible();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { weekday: 1, hour: 9, enabled: false, recipient_ids: [3] } });
    expect(calls[0]!.url).toMatch(/\/offer-export-schedules\/7$/);

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Hebdo RH' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer « Hebdo RH » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Export planifié « Hebdo RH » supprimé.')).toBeVisible();
    expect(calls[1]).toMatchObject({ method: 'DELETE' });
    expect(await screen.findByText("Aucun export planifié pour l'instant.")).toBeVisible();
  }, 30_000);
});
