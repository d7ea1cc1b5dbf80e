import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TCustomField } from '@embauche/contracts/custom-fields';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

afterEach(() => {
  toast.dismiss();
});

const PERMISSIONS = [...ADMIN_PERMISSIONS, 'config.custom_fields'];

const field = (id: number, label: string, extra: Partial<TCustomField> = {}): TCustomField => ({
  id,
  entity: 'offer',
  type: 'text',
  label,
  required: false,
  options: [],
  show_in_form: true,
  show_in_list: false,
  ask_candidates: false,
  position: id,
  archived: false,
  value_count: 0,
  created_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});

/** The custom fields API over a list that the calls change; request bodies are kept. */
function useCustomFieldsApi(initial: TCustomField[]) {
  let fields = initial;
  const bodies: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/custom-fields/active', ({ request }) => {
      const entity = new URL(request.url).searchParams.get('entity');
      return HttpResponse.json(fields.filter((f) => f.entity === entity && !f.archived));
    }),
    http.get('*/api/custom-fields', ({ request }) => {
      const entity = new URL(request.url).searchParams.get('entity');
      return HttpResponse.json(fields.filter((f) => f.entity === entity));
    }),
    http.post('*/api/custom-fields', async ({ request }) => {
      const body = (await request.json()) as TCustomField;
      bodies.push({ method: 'POST', url: request.url, body });
      const created = field(9, body.label, { ...body, position: fields.length + 1 });
      fields = [...fields, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/custom-fields/order', async ({ request }) => {
      const body = (await request.json()) as { ids: number[] };
      bodies.push({ method: 'PUT', url: request.url, body });
      fields = body.ids.map((id, i) => ({ ...fields.find((f) => f.id === id)!, position: i + 1 }));
      return new HttpResponse(null, { status: 204 });
    }),
    http.delete('*/api/custom-fields/:id', ({ request, params }) => {
      bodies.push({ method: 'DELETE', url: request.url, body: null });
      fields = fields.filter((f) => f.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { bodies };
}

describe('config custom-fields', () => {
  it('is forbidden without config.custom_fields', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    renderApp('/config/custom-fields');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" }, { timeout: 5000 })).toBeVisible();
  });

  it('creates a choice field with its options, moves and deletes a field with values', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useCustomFieldsApi([field(1, 'Code interne', { value_count: 3 }), field(2, 'Budget', { type: 'currency' })]);
    renderApp('/config/custom-fields');
    const list = await screen.findByRole('list', { name: 'Champs des Offres' }, { timeout: 5000 });
    expect(within(list).getByText('Code interne')).toBeVisible();
    expect(within(list).getByText('Montant en euros')).toBeVisible();
    expect(within(list).getByText('3 valeurs')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Nouveau champ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau champ personnalisé' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /^Type/ }), 'Choix unique');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le champ' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(within(dialog).getByText('Ajoutez au moins une option.')).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Filière');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nouvelle option' }), 'Audit{enter}');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nouvelle option' }), 'Conseil');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: "Retirer l’option Conseil" }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nouvelle option' }), 'Finance{enter}');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Obligatoire' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le champ' }));
    expect(await screen.findByText('Champ « Filière » créé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({
      method: 'POST',
      body: { entity: 'offer', type: 'single_choice', label: 'Filière', required: true, options: ['Audit', 'Finance'], show_in_form: true },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Descendre Code interne' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { entity: 'offer', ids: [2, 1, 9] } }));

    await userEvent.click(screen.getByRole('button', { name: 'Supprimer Code interne' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer « Code interne » ?' });
    expect(within(confirm).getByText('Ce champ contient 3 valeurs : elles seront supprimées avec lui.')).toBeVisible();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Champ « Code interne » supprimé.')).toBeVisible();
    expect(bodies.at(-1)!.url).toContain('/api/custom-fields/1?force=1');
  });

  it('asks an applicant field on the career site: the box only for applicants and applications, kept when archiving', async () => {
    signIn(makeMe(PERMISSIONS));
    const { bodies } = useCustomFieldsApi([field(3, 'Permis B', { entity: 'applicant', type: 'yes_no', ask_candidates: true })]);
    server.use(
      http.put('*/api/custom-fields/:id', async ({ request }) => {
        bodies.push({ method: 'PUT', url: request.url, body: await request.json() });
        return HttpResponse.json(field(3, 'Permis B', { entity: 'applicant', type: 'yes_no', archived: true, ask_candidates: true }));
      }),
    );
    renderApp('/config/custom-fields');
    await userEvent.click(await screen.findByRole('button', { name: 'Nouveau champ' }, { timeout: 5000 }));
    let dialog = await screen.findByRole('dialog', { name: 'Nouveau champ personnalisé' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Demander aux candidats sur le site carrière' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await userEvent.click(screen.getByRole('tab', { name: 'Candidats' }));
    const list = await screen.findByRole('list', { name: 'Champs des Candidats' });
    expect(within(list).getByText('Sur le site carrière')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau champ' }));
    dialog = await screen.findByRole('dialog', { name: 'Nouveau champ personnalisé' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Libellé/ }), 'Disponibilité');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Demander aux candidats sur le site carrière' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le champ' }));
    expect(await screen.findByText('Champ « Disponibilité » créé.')).toBeVisible();
    expect(bodies.at(-1)).toMatchObject({ method: 'POST', body: { entity: 'applicant', label: 'Disponibilité', ask_candidates: true } });

    await userEvent.click(await screen.findByRole('button', { name: 'Archiver Permis B' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ method: 'PUT', body: { archived: true, ask_candidates: true } }));
  });

  it('shows the offer fields in the new-offer dialog and blocks the submit while a required one is empty', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    useCustomFieldsApi([field(4, 'Filière', { type: 'single_choice', required: true, options: ['Audit', 'Finance'] }), field(5, 'Prime', { type: 'currency' })]);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/projects/10/offers', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Auditeur', status: 'draft' }), { status: 201 });
      }),
      http.get('*/api/projects/10/offers/321', () => HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Auditeur', status: 'draft' }))),
    );
    renderApp('/projects/10/offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ressources humaines' }, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle offre' }));
    const dialog = await screen.findByRole('dialog', { name: "Nouvelle offre d'emploi" });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Intitulé du poste/ }), 'Auditeur');
    const choice = await within(dialog).findByRole('combobox', { name: /^Filière/ });
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(choice).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
    await userEvent.selectOptions(choice, 'Finance');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Prime' }), '1500.5');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    await waitFor(() => expect(bodies[0]).toMatchObject({ job_position: 'Auditeur', custom_fields: { '4': 'Finance', '5': 150050 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditeur' }, { timeout: 5000 })).toBeVisible();
  });
});
