import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

async function openNewOffer() {
  renderApp('/projects/10/offers');
  expect(await screen.findByRole('heading', { level: 1, name: 'Ressources humaines' })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Nouvelle offre' }));
  return screen.findByRole('dialog', { name: "Nouvelle offre d'emploi" });
}

describe('new offer form', () => {
  it('checks the fields with the shared contract before calling the server', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    let called = false;
    server.use(http.post('*/api/projects/10/offers', () => ((called = true), HttpResponse.json({}, { status: 500 }))));
    const dialog = await openNewOffer();
    await userEvent.type(within(dialog).getByLabelText('Salaire annuel minimum'), '50000');
    await userEvent.type(within(dialog).getByLabelText('Salaire annuel maximum'), '40000');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    const title = within(dialog).getByRole('textbox', { name: /^Intitulé du poste/ });
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(within(dialog).getByRole('spinbutton', { name: 'Salaire annuel maximum' })).toHaveAccessibleDescription('Cette valeur est invalide.');
    expect(called).toBe(false);
  });

  it('shows the server 422 codes on their fields, then opens the created offer', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/projects/10/offers', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json({ message: 'Invalid', code: 'validation_failed', errors: { reference: ['not_unique', 'max_length:50'] } }, { status: 422 })
          : HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Gestionnaire paie H/F', status: 'draft' }), { status: 201 });
      }),
      http.get('*/api/projects/10/offers/321', () => HttpResponse.json(makeOfferDetail({ id: 321, job_position: 'Gestionnaire paie H/F', status: 'draft' }))),
    );
    const dialog = await openNewOffer();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Intitulé du poste/ }), 'Gestionnaire paie H/F');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Référence' }), 'RH-001');
    await userEvent.selectOptions(within(dialog).getByLabelText('Type de contrat'), 'cdd');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    const reference = within(dialog).getByRole('textbox', { name: 'Référence' });
    await waitFor(() => expect(reference).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Cette valeur est déjà utilisée.')).toBeVisible();
    expect(within(dialog).getByText('50 caractères maximum.')).toBeVisible();
    expect(bodies[0]).toMatchObject({ job_position: 'Gestionnaire paie H/F', reference: 'RH-001', contract_type: 'cdd', remote: 'none' });
    await userEvent.clear(reference);
    await userEvent.type(reference, 'RH-002');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Gestionnaire paie H/F' })).toBeVisible();
  });
});

describe('subsidiary of an offer', () => {
  it('offers the company subsidiaries and sends the chosen one', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/subsidiaries', () => HttpResponse.json([{ id: 4, name: 'Valmont Lyon' }, { id: 5, name: 'Valmont Paris' }])),
      http.post('*/api/projects/10/offers', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Invalid', code: 'validation_failed', errors: { subsidiary_id: ['invalid'] } }, { status: 422 });
      }),
    );
    const dialog = await openNewOffer();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Intitulé du poste/ }), 'Comptable H/F');
    const subsidiary = await within(dialog).findByRole('combobox', { name: 'Filiale' });
    expect(within(subsidiary).getAllByRole('option').map((o) => o.textContent)).toEqual(['Aucune filiale', 'Valmont Lyon', 'Valmont Paris']);
    await userEvent.selectOptions(subsidiary, 'Valmont Paris');
    await userEvent.click(within(dialog).getByRole('button', { name: "Créer l'offre" }));
    await waitFor(() => expect(subsidiary).toHaveAttribute('aria-invalid', 'true'));
    expect(bodies[0]).toMatchObject({ job_position: 'Comptable H/F', subsidiary_id: 5 });
  });

  it('hides the field when the company has no subsidiary', async () => {
    signIn(makeMe(PROJECT_PERMISSIONS));
    useProjectsApi();
    const dialog = await openNewOffer();
    await within(dialog).findByRole('textbox', { name: /^Intitulé du poste/ });
    expect(within(dialog).queryByRole('combobox', { name: 'Filiale' })).toBeNull();
  });
});
