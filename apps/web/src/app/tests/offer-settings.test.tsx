import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TApplicationPath, TOfferImage, TOfferTemplate } from '@embauche/contracts/offer-settings';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.templates', 'config.images_bank', 'config.default_application_path'];

const template = (id: number, name: string, extra: Partial<TOfferTemplate> = {}): TOfferTemplate => ({
  id,
  name,
  job_position: null,
  contract_type: null,
  location: null,
  department: null,
  remote: 'none',
  salary_min: null,
  salary_max: null,
  description: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const WELDER = template(3, 'Soudeur CDI', {
  job_position: 'Soudeur TIG H/F',
  contract_type: 'cdi',
  location: 'Lyon 7e',
  remote: 'partial',
  salary_min: 30000,
  salary_max: 36000,
  description: '<p>Atelier neuf.</p>',
});

const paged = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

/** The templates API over a list that the calls change; request bodies are kept. */
function useTemplatesApi() {
  let templates = [WELDER];
  const bodies: { method: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/offer-templates/choices', () => HttpResponse.json({ data: templates })),
    http.get('*/api/offer-templates', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('filter[search]') ?? '').toLowerCase();
      return HttpResponse.json(paged(templates.filter((t) => t.name.toLowerCase().includes(q))));
    }),
    http.post('*/api/offer-templates', async ({ request }) => {
      const body = (await request.json()) as TOfferTemplate;
      bodies.push({ method: 'POST', body });
      if (templates.some((t) => t.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { name: ['not_unique'] } }, { status: 422 });
      const created = template(9, body.name, body);
      templates = [...templates, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/offer-templates/:id', async ({ request, params }) => {
      const body = (await request.json()) as TOfferTemplate;
      bodies.push({ method: 'PUT', body });
      templates = templates.map((t) => (t.id === Number(params.id) ? { ...t, ...body } : t));
      return HttpResponse.json(templates.find((t) => t.id === Number(params.id)));
    }),
    http.delete('*/api/offer-templates/:id', ({ params }) => {
      bodies.push({ method: 'DELETE', body: params.id });
      templates = templates.filter((t) => t.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { bodies };
}

describe('config joboffers/templates', () => {
  it('is hidden from the menu and forbidden without config.templates', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/joboffers/templates');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
  });

  it('lists, creates (with the server codes), edits and deletes templates', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useTemplatesApi();
    renderApp('/config/joboffers/templates');
    const list = await screen.findByRole('list', { name: "Modèles d’offre" }, { timeout: 5000 });
    expect(within(list).getByText('Soudeur CDI')).toBeVisible();
    expect(within(list).getByText('Soudeur TIG H/F · CDI · Lyon 7e')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Nouveau modèle' }));
    const dialog = await screen.findByRole('dialog', { name: "Nouveau modèle d’offre" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nom du modèle/ }), 'soudeur cdi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await within(dialog).findByText('Cette valeur est déjà utilisée.')).toBeVisible();
    const name = within(dialog).getByRole('textbox', { name: /^Nom du modèle/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Comptable');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Intitulé du poste' }), 'Comptable H/F');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type de contrat' }), 'cdd');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description du poste' }), 'Premier paragraphe.{enter}{enter}Second <b>.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Modèle « Comptable » créé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({
      method: 'POST',
      body: { name: 'Comptable', job_position: 'Comptable H/F', contract_type: 'cdd', description: '<p>Premier paragraphe.</p><p>Second &lt;b&gt;.</p>' },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Soudeur CDI' }));
    const edit = await screen.findByRole('dialog', { name: 'Modifier le modèle' });
    expect(within(edit).getByRole('textbox', { name: 'Description du poste' })).toHaveValue('Atelier neuf.');
    expect(within(edit).getByRole('spinbutton', { name: 'Salaire annuel minimum' })).toHaveValue(30000);
    await userEvent.clear(within(edit).getByRole('textbox', { name: 'Lieu de travail' }));
    await userEvent.type(within(edit).getByRole('textbox', { name: 'Lieu de travail' }), 'Vénissieux');
    await userEvent.click(within(edit).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modèle « Soudeur CDI » enregistré.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { location: 'Vénissieux', salary_min: 30000 } });

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Comptable' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer le modèle « Comptable » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Modèle « Comptable » supprimé.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Comptable')).not.toBeInTheDocument());
  });

  it('pre-fills the new-offer dialog from a template and sends its fields', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    useTemplatesApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/projects/10/offers', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Soudeur TIG H/F', status: 'draft' }), { status: 201 });
      }),
      http.get('*/api/projects/10/offers/321', () => HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Soudeur TIG H/F', status: 'draft' }))),
    );
    renderApp('/projects/10/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ressources humaines' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle offre' }));
    const dialog = await screen.findByRole('dialog', { name: "Nouvelle offre d'emploi" });
    await userEvent.selectOptions(await within(dialog).findByRole('combobox', { name: 'Partir d’un modèle' }), 'Soudeur CDI');
    expect(within(dialog).getByRole('textbox', { name: /^Intitulé du poste/ })).toHaveValue('Soudeur TIG H/F');
    expect(within(dialog).getByRole('combobox', { name: 'Type de contrat' })).toHaveValue('cdi');
    expect(within(dialog).getByRole('textbox', { name: 'Lieu de travail' })).toHaveValue('Lyon 7e');
    expect(within(dialog).getByRole('spinbutton', { name: 'Salaire annuel maximum' })).toHaveValue(36000);
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Soudeur TIG H/F' })).toBeVisible();
    expect(bodies[0]).toMatchObject({
      job_position: 'Soudeur TIG H/F',
      contract_type: 'cdi',
      location: 'Lyon 7e',
      remote: 'partial',
      salary_min: 30000,
      salary_max: 36000,
      description: '<p>Atelier neuf.</p>',
    });
  });
});

const image = (id: number, filename: string, offerCount = 0): TOfferImage => ({
  id,
  filename,
  mime: 'image/png',
  size: 2048,
  width: 1200,
  height: 600,
  thumb_width: 320,
  thumb_height: 160,
  url: `/api/offer-images/${id}/file`,
  thumbnail_url: `/api/offer-images/${id}/thumbnail`,
  offer_count: offerCount,
  created_at: '2026-11-01T10:00:00.000Z',
});

describe('config joboffers/image-bank', () => {
  it('uploads an image, shows the server code of a refused file, refuses to delete a used one', async () => {
    signIn(makeMe(PERMISSIONS));
    let images = [image(1, 'atelier.png', 2)];
    let uploads = 0;
    server.use(
      http.get('*/api/offer-images', () => HttpResponse.json(paged(images))),
      http.post('*/api/offer-images', () => {
        uploads += 1;
        if (uploads === 1)
          return HttpResponse.json({ message: 'invalid', code: 'validation_failed', errors: { file: ['file_type'] } }, { status: 422 });
        images = [image(2, 'chantier.png'), ...images];
        return HttpResponse.json(images[0], { status: 201 });
      }),
      http.delete('*/api/offer-images/:id', () =>
        HttpResponse.json({ message: 'in use', code: 'image_in_use', errors: { offers: ['image_in_use:2'] } }, { status: 409 }),
      ),
    );
    renderApp('/config/joboffers/image-bank');
    const list = await screen.findByRole('list', { name: 'Images de la banque' }, { timeout: 5000 });
    expect(within(list).getByRole('img', { name: 'atelier.png' })).toHaveAttribute('src', '/api/offer-images/1/thumbnail');
    expect(within(list).getByText('Utilisée par 2 offres')).toBeVisible();

    const input = screen.getByLabelText('Ajouter une image');
    await userEvent.upload(input, new File(['not an image'], 'faux.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/format|type/i);
    await userEvent.upload(input, new File(['png'], 'chantier.png', { type: 'image/png' }));
    expect(await screen.findByText('Image « chantier.png » ajoutée.')).toBeVisible();
    expect(await within(list).findByRole('img', { name: 'chantier.png' })).toBeVisible();

    await userEvent.click(within(list).getByRole('button', { name: 'Supprimer atelier.png' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer l’image « atelier.png » ?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(/affichée par 2 offres/)).toBeVisible();
  });
});

describe('config joboffers/application-path', () => {
  it('saves the field modes and the required documents', async () => {
    signIn(makeMe(PERMISSIONS));
    const path: TApplicationPath = {
      fields: { phone: 'optional', address: 'hidden', birth_date: 'hidden', cover_letter: 'optional', linkedin_url: 'optional', cv: 'required' },
      document_type_ids: [],
      document_types: [
        { id: 1, name: 'identity_card', default_type: true },
        { id: 40, name: 'Permis CACES', default_type: false },
      ],
      updated_at: null,
    };
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/application-path', () => HttpResponse.json(path)),
      http.put('*/api/application-path', async ({ request }) => {
        const body = (await request.json()) as TApplicationPath;
        bodies.push(body);
        return HttpResponse.json({ ...path, ...body, updated_at: '2026-11-26T10:00:00.000Z' });
      }),
    );
    renderApp('/config/joboffers/application-path');
    const phone = await screen.findByRole('combobox', { name: 'Téléphone' }, { timeout: 5000 });
    await userEvent.selectOptions(phone, 'Obligatoire');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Permis CACES' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modifications enregistrées')).toBeVisible();
    expect(bodies[0]).toEqual({ fields: { ...path.fields, phone: 'required' }, document_type_ids: [40] });
  });
});
