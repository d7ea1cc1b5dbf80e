import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { DEFAULT_APPLICATION_FIELDS, type ApplicationField, type ApplicationFieldMode } from '@embauche/contracts/offer-settings';
import { ManualApplicantButton } from '../../features/applicants/components/manual-applicant-button.tsx';
import { makeApplicantDetail, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { server } from '../../test/server.ts';
import { createTestI18n } from '../../test/test-i18n.ts';
import { Providers } from '../providers.tsx';
import { ShellProviders } from '../shell-providers.tsx';
import { createQueryClient } from '../query-client.ts';

/** The button as the offer's applications toolbar hosts it. */
function renderButton(onCreated = vi.fn(), documentsEnabled = true) {
  server.use(...applicantApiHandlers());
  render(
    <MemoryRouter>
      <Providers queryClient={createQueryClient({ retryDelay: () => 0 })} i18n={createTestI18n('fr')}>
        <ShellProviders>
          <ManualApplicantButton projectId={10} offerId={100} documentsEnabled={documentsEnabled} onCreated={onCreated} />
        </ShellProviders>
      </Providers>
    </MemoryRouter>,
  );
  return onCreated;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter un candidat' }));
  return screen.findByRole('dialog', { name: 'Ajouter un candidat' });
}

const pdf = (size: number, name = 'cv.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const created = (existing: boolean) =>
  HttpResponse.json(
    { applicant: makeApplicantDetail(), application: null, existing_applicant: existing },
    { status: 201 },
  );

describe('manual applicant dialog', () => {
  it('requires the first and last names before calling the server', async () => {
    let calls = 0;
    renderButton();
    server.use(http.post('*/api/projects/10/offers/100/manual', () => (calls++, created(false))));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(within(dialog).getByRole('textbox', { name: /^Prénom/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it("lists the statuses of the offer's workflow", async () => {
    renderButton();
    server.use(
      http.get('*/api/offer-statuses', ({ request }) => {
        expect(new URL(request.url).searchParams.get('offer_ids')).toBe('100');
        return HttpResponse.json([
          {
            offer_id: 100,
            statuses: [
              { id: 1, name: 'new', default_status: true, position: 1 },
              { id: 12, name: 'Entretien client', default_status: false, position: 2 },
            ],
          },
        ]);
      }),
    );
    const dialog = await openDialog();
    const select = await within(dialog).findByRole('combobox', { name: 'Statut' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nouveau', 'Entretien client']);
  });

  it('checks the CV size in the browser with the server limit and message', async () => {
    renderButton();
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText(/^CV/);
    await userEvent.upload(input, pdf(4_300_000, 'gros-cv.pdf'));
    expect(await within(dialog).findByText('Le fichier dépasse 4 Mo.')).toBeVisible();
    expect(within(dialog).queryByText('gros-cv.pdf')).toBeNull();
    // A file under the limit is kept, with its name and size.
    await userEvent.upload(input, pdf(120_000, 'cv-lea.pdf'));
    expect(within(dialog).getByText('cv-lea.pdf')).toBeVisible();
    expect(within(dialog).getByText(/117,2\skB|117,2\sko/)).toBeVisible();
    expect(within(dialog).queryByText('Le fichier dépasse 4 Mo.')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirer cv-lea.pdf' }));
    expect(within(dialog).queryByText('cv-lea.pdf')).toBeNull();
  });

  it('takes a dropped CV', async () => {
    renderButton();
    const dialog = await openDialog();
    const zone = within(dialog).getByText('Glissez un fichier ici').closest('label') as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf(2048, 'depose.pdf')] } });
    expect(await within(dialog).findByText('depose.pdf')).toBeVisible();
  });

  it('sends the multipart payload and says when the applicant already existed', async () => {
    let fields: [string, FormDataEntryValue][] = [];
    const onCreated = renderButton();
    server.use(
      http.post('*/api/projects/10/offers/100/manual', async ({ request }) => {
        fields = [...(await request.formData()).entries()];
        return created(true);
      }),
    );
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Prénom/ }), 'Léa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Moreau');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'lea.moreau@example.com');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Étiquettes' }), 'Anglais{Enter}Permis B{Enter}');
    await userEvent.upload(within(dialog).getByLabelText(/^CV/), pdf(2048, 'cv-lea.pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Léa Moreau existait déjà : la candidature a été ajoutée à son profil')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onCreated).toHaveBeenCalledTimes(1);
    const text = Object.fromEntries(fields.filter(([, v]) => typeof v === 'string'));
    expect(text).toMatchObject({ project_id: '10', job_offer_id: '100', firstname: 'Léa', lastname: 'Moreau', email: 'lea.moreau@example.com', status_id: '1' });
    expect(fields.filter(([k]) => k === 'tags[]').map(([, v]) => v)).toEqual(['Anglais', 'Permis B']);
    expect(JSON.parse(String(text.source))).toEqual({ provenance_id: 3, jobboard_id: null, url: null });
    expect(text.visio).toBeUndefined();
    // jsdom's File does not survive Node's FormData parsing intact (name and bytes): the e2e spec checks a real upload.
    const cv = fields.find(([k]) => k === 'cv')?.[1];
    expect(cv).toBeDefined();
    expect(typeof cv).not.toBe('string');
  });

  it('shows the server 422 and 413 errors on their fields', async () => {
    renderButton();
    server.use(
      http.post('*/api/projects/10/offers/100/manual', () =>
        HttpResponse.json({ message: 'Invalid', errors: { email: ['invalid_email'], 'source.url': ['max_length:2048'] } }, { status: 422 }),
      ),
    );
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Prénom/ }), 'Léa');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Moreau');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Adresse e-mail invalide.')).toBeVisible();
    expect(within(dialog).getByText('2048 caractères maximum.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Lien de la source/ })).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post('*/api/projects/10/offers/100/manual', () =>
        HttpResponse.json({ message: 'File too large.', code: 'payload_too_large', errors: { cv: ['file_too_large:4'] } }, { status: 413 }),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Le fichier dépasse 4 Mo.')).toBeVisible();
    expect(within(dialog).getByLabelText(/^CV/)).toHaveAttribute('aria-invalid', 'true');
  });
});

/** The company's application path as `GET /application-path/form` answers it. */
function usePath(fields: Partial<Record<ApplicationField, ApplicationFieldMode>>) {
  server.use(
    http.get('*/api/application-path/form', () =>
      HttpResponse.json({ fields: { ...DEFAULT_APPLICATION_FIELDS, ...fields }, document_type_ids: [], document_types: [], updated_at: '2025-03-01T10:00:00.000Z' }),
    ),
  );
}

async function typeNames(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Prénom/ }), 'Léa');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Nom/ }), 'Moreau');
}

describe('manual applicant dialog and the application path', () => {
  it('hides the hidden fields and requires the required ones before calling the server', async () => {
    usePath({ phone: 'required', cover_letter: 'hidden', cv: 'hidden' });
    let fields: Record<string, FormDataEntryValue> = {};
    let calls = 0;
    renderButton();
    server.use(
      http.post('*/api/projects/10/offers/100/manual', async ({ request }) => {
        calls++;
        fields = Object.fromEntries((await request.formData()).entries());
        return created(false);
      }),
    );
    const dialog = await openDialog();
    const phone = within(dialog).getByRole('textbox', { name: 'Téléphone' });
    expect(phone).toBeRequired();
    expect(within(dialog).queryByRole('textbox', { name: 'Motivation' })).toBeNull();
    expect(within(dialog).queryByLabelText(/^CV/)).toBeNull();
    await typeNames(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
    await userEvent.type(phone, '06 11 22 33 44');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(calls).toBe(1));
    expect(fields).toMatchObject({ firstname: 'Léa', lastname: 'Moreau', phone: '06 11 22 33 44' });
  });

  it('requires the motivation, hides the phone and says the CV is asked of applicants without demanding it', async () => {
    usePath({ phone: 'hidden', cover_letter: 'required', cv: 'required' });
    let calls = 0;
    renderButton();
    server.use(http.post('*/api/projects/10/offers/100/manual', () => (calls++, created(false))));
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('textbox', { name: 'Téléphone' })).toBeNull();
    const motivation = within(dialog).getByRole('textbox', { name: 'Motivation' });
    expect(motivation).toBeRequired();
    const cv = within(dialog).getByLabelText(/^CV/);
    expect(cv).not.toBeRequired();
    expect(cv).toHaveAccessibleDescription(/^Demandé aux candidats par le parcours de candidature, facultatif ici\./);
    await typeNames(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(calls).toBe(0);
    await userEvent.type(motivation, 'Disponible tout de suite.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(calls).toBe(1));
  });

  it('leaves optional fields optional, and the motivation out where the project takes no documents', async () => {
    usePath({ phone: 'optional', cover_letter: 'required' });
    let calls = 0;
    renderButton(vi.fn(), false);
    server.use(http.post('*/api/projects/10/offers/100/manual', () => (calls++, created(false))));
    const dialog = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Téléphone' })).not.toBeRequired();
    expect(within(dialog).queryByRole('textbox', { name: 'Motivation' })).toBeNull();
    await typeNames(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() => expect(calls).toBe(1));
  });

  it('shows the server field_required on its field (the path changed meanwhile)', async () => {
    usePath({ phone: 'optional' });
    renderButton();
    server.use(
      http.post('*/api/projects/10/offers/100/manual', () =>
        HttpResponse.json({ message: 'Invalid', code: 'validation_failed', errors: { phone: ['field_required'] } }, { status: 422 }),
      ),
    );
    const dialog = await openDialog();
    await typeNames(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Téléphone' })).toHaveAttribute('aria-invalid', 'true');
  });
});
