import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TShare } from '@embauche/contracts/shares';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import { APPLICATION_PERMISSIONS, makeApplication, useApplicationsApi } from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import { makeOfferDetail, PROJECT_PERMISSIONS, useProjectsApi } from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser: the CV viewer's lazy chunk is a stand-in here.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

// Sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
// Sonner keeps its toasts between renders: a test's toast would show again in the next test.
afterEach(() => toast.dismiss());

const TRANSFER = 'project_application.transfer';

function makeShare(overrides: Partial<TShare> = {}): TShare {
  return {
    id: 31,
    type: 'applicant',
    applicant_id: 5,
    application_id: null,
    offer_id: null,
    sections: ['profile', 'cv', 'feed'],
    recipients: ['jury@partenaire.fr'],
    expires_at: '2026-07-01T10:00:00.000Z',
    created_at: '2026-06-01T10:00:00.000Z',
    created_by: { id: 7, firstname: 'Camille', lastname: 'Martin' },
    ...overrides,
  };
}

/** The applicant screen of Léa Moreau (5) for a user who may transfer; the shares list is `shares` (mutable). */
function useApplicantScreen(shares: TShare[] = [], permissions = [...APPLICANT_PERMISSIONS, TRANSFER]) {
  signIn(makeMe(permissions));
  // Before the fixture's own (empty) list: the first handler that matches answers.
  server.use(http.get('*/api/applicants/5/shares', () => HttpResponse.json(shares)), ...applicantApiHandlers());
}

async function openTransfer() {
  renderApp('/applicants/5');
  await userEvent.click(await screen.findByRole('button', { name: 'Transférer' }, { timeout: 5000 }));
  return screen.findByRole('dialog', { name: 'Transférer par e-mail' });
}

describe('transfer by e-mail', () => {
  it('checks the addresses in the browser and says what is wrong, in the errors namespace', async () => {
    useApplicantScreen();
    const sent: unknown[] = [];
    server.use(http.post('*/api/applicants/transfer', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({ mails: 1, shares: [] }))));
    const dialog = await openTransfer();
    // The subject starts with the applicant's name; a link is offered with the profile, CV and motivation.
    expect(within(dialog).getByRole('textbox', { name: /^Objet/ })).toHaveValue('Profil de Léa Moreau');
    expect(within(dialog).getByRole('checkbox', { name: /Joindre un lien de consultation/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Profil et coordonnées' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: "Fil d'activité (commentaires publics)" })).not.toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: /Validité du lien/ })).toHaveValue(30);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    const to = within(dialog).getByRole('textbox', { name: /^Destinataires/ });
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    expect(to).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(to, 'jury@partenaire.fr; pas-une-adresse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Adresse e-mail invalide.')).toBeVisible();
    expect(to).toHaveAccessibleDescription(/Adresse e-mail invalide\./);

    // No section ticked: the group says so.
    for (const name of ['Profil et coordonnées', 'CV', 'Motivation']) await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /Validité du lien/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Validité du lien/ }), '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('La valeur maximale est 365.')).toBeVisible();
    expect(within(within(dialog).getByRole('group', { name: /Contenu accessible par le lien/ })).getByText('Ce champ est obligatoire.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('puts the server’s field errors on their fields', async () => {
    useApplicantScreen();
    server.use(
      http.post('*/api/applicants/transfer', () =>
        HttpResponse.json({ message: 'Invalid', code: 'validation_failed', errors: { cc: ['max_items:20'], subject: ['max_length:255'] } }, { status: 422 }),
      ),
    );
    const dialog = await openTransfer();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    // The copy fields open to show their error, and the first failing field takes the focus.
    const cc = await within(dialog).findByRole('textbox', { name: 'Copie (Cc)' });
    expect(await within(dialog).findByText('20 éléments au maximum.')).toBeVisible();
    expect(cc).toHaveAttribute('aria-invalid', 'true');
    expect(cc).toHaveAccessibleDescription('20 éléments au maximum.');
    expect(within(dialog).getByRole('textbox', { name: /^Objet/ })).toHaveAccessibleDescription('255 caractères maximum.');
    expect(screen.getByRole('dialog', { name: 'Transférer par e-mail' })).toBeVisible();
  });

  it('sends the payload, says how many e-mails are queued and lists the new link', async () => {
    const shares: TShare[] = [];
    useApplicantScreen(shares);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/applicants/transfer', async ({ request }) => {
        sent.push(await request.json());
        const share = makeShare({ recipients: ['jury@partenaire.fr', 'rh@partenaire.fr'] });
        shares.push(share);
        return HttpResponse.json({ mails: 1, shares: [share] });
      }),
    );
    const dialog = await openTransfer();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr ; rh@partenaire.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ajouter des destinataires en copie (Cc, Cci)' }));
    expect(within(dialog).getByRole('textbox', { name: 'Copie (Cc)' })).toHaveFocus();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Copie cachée (Cci)' }), 'archive@partenaire.fr');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Voici la candidate dont je vous parlais.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: "Fil d'activité (commentaires publics)" }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    expect(await screen.findByText("1 e-mail mis en file d'envoi.")).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Transférer par e-mail' })).toBeNull();
    expect(sent).toEqual([
      {
        applicant_ids: [5],
        offer_id: null,
        to: ['jury@partenaire.fr', 'rh@partenaire.fr'],
        cc: [],
        bcc: ['archive@partenaire.fr'],
        subject: 'Profil de Léa Moreau',
        message: 'Voici la candidate dont je vous parlais.',
        access: { share: true, sections: ['profile', 'cv', 'motivation', 'feed'], expires_in_days: 30 },
      },
    ]);
    // The shares list reloads with the link sent.
    const list = await screen.findByRole('list', { name: 'Liens de partage actifs' });
    expect(within(list).getByText('Envoyé à jury@partenaire.fr, rh@partenaire.fr')).toBeVisible();
    expect(within(list).getByText("Fil d'activité (commentaires publics)")).toBeVisible();
  });

  it('sends no link when the option is off', async () => {
    useApplicantScreen();
    const sent: { access: unknown; offer_id: unknown; subject: unknown }[] = [];
    server.use(http.post('*/api/applicants/transfer', async ({ request }) => (sent.push((await request.json()) as never), HttpResponse.json({ mails: 1, shares: [] }))));
    renderApp('/applicants/5?application=50');
    await userEvent.click(await screen.findByRole('button', { name: 'Transférer' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer par e-mail' });
    // Narrowed to an application: its job is in the subject and its offer goes with the transfer.
    expect(within(dialog).getByRole('textbox', { name: /^Objet/ })).toHaveValue('Candidature de Léa Moreau – Chargé de recrutement H/F');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Joindre un lien de consultation/ }));
    expect(within(dialog).queryByRole('group', { name: /Contenu accessible par le lien/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ access: { share: false }, offer_id: 100 });
  });

  it('offers neither transfer nor link without project_application.transfer, but lists the links', async () => {
    useApplicantScreen([makeShare({ recipients: [] })], APPLICANT_PERMISSIONS);
    renderApp('/applicants/5');
    const list = await screen.findByRole('list', { name: 'Liens de partage actifs' }, { timeout: 5000 });
    expect(within(list).getByText('Lien créé à la demande')).toBeVisible();
    expect(within(list).getByText('Expire le 01/07/2026 · Créé par Camille Martin le 01/06/2026')).toBeVisible();
    expect(within(list).queryByRole('button', { name: /Révoquer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transférer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lien de partage' })).toBeNull();
  });
});

describe('shared links', () => {
  it('creates a link on demand and shows its address once, with a copy button', async () => {
    const shares: TShare[] = [];
    useApplicantScreen(shares);
    const created: unknown[] = [];
    const url = 'https://ats.example.com/shared/abcDEF123/applicant';
    server.use(
      http.post('*/api/applicants/5/shares', async ({ request }) => {
        created.push(await request.json());
        const share = makeShare({ id: 32, recipients: [], sections: ['profile', 'cv'] });
        shares.push(share);
        return HttpResponse.json({ ...share, token: 'abcDEF123', url }, { status: 201 });
      }),
    );
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/applicants/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Lien de partage' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Créer un lien de partage' });
    // The application in focus may be opened instead of the applicant alone.
    expect(within(dialog).getByRole('radio', { name: 'Le profil du candidat' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'La candidature « Chargé de recrutement H/F »' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Motivation' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));

    const done = await screen.findByRole('dialog', { name: 'Lien de partage créé' });
    const address = within(done).getByRole('textbox', { name: 'Lien de partage' });
    expect(address).toHaveValue(url);
    expect(address).toHaveAttribute('readonly');
    expect(created).toEqual([{ sections: ['profile', 'cv'], expires_in_days: 30 }]);
    await userEvent.click(within(done).getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(done).findByRole('button', { name: 'Copié' })).toBeVisible();
    await userEvent.click(within(done).getByRole('button', { name: 'Terminé' }));
    expect(await within(await screen.findByRole('list', { name: 'Liens de partage actifs' })).findByText('Lien créé à la demande')).toBeVisible();
  });

  it('revokes a link after confirmation', async () => {
    const shares = [makeShare()];
    useApplicantScreen(shares);
    const revoked: string[] = [];
    server.use(
      http.delete('*/api/applicants/5/shares/:shareId', ({ params }) => {
        revoked.push(String(params.shareId));
        shares.splice(0, shares.length);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/applicants/5');
    const list = await screen.findByRole('list', { name: 'Liens de partage actifs' }, { timeout: 5000 });
    await userEvent.click(within(list).getByRole('button', { name: 'Révoquer le lien envoyé à jury@partenaire.fr' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Révoquer ce lien ?' });
    // Focus starts on cancel (spec 2): cancelling keeps the link.
    expect(within(confirm).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Annuler' }));
    expect(revoked).toEqual([]);

    await userEvent.click(within(list).getByRole('button', { name: 'Révoquer le lien envoyé à jury@partenaire.fr' }));
    const again = await screen.findByRole('alertdialog', { name: 'Révoquer ce lien ?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Révoquer' }));
    expect(await screen.findByText('Lien révoqué.')).toBeVisible();
    expect(revoked).toEqual(['31']);
    expect(await screen.findByText('Aucun lien de partage actif.')).toBeVisible();
  });
});

describe('applications transfer', () => {
  function useOffer(permissions: string[]) {
    signIn(makeMe([...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, ...permissions]));
    useProjectsApi();
    server.use(http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())));
    return useApplicationsApi([
      makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
      makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' }),
    ]);
  }

  it('transfers the selected applications from the batch bar, one e-mail each', async () => {
    useOffer([TRANSFER]);
    const sent: unknown[] = [];
    server.use(http.post('*/api/applications/transfer', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({ mails: 2, shares: [] }))));
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Bruno Petit' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Transférer par e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer par e-mail' });
    expect(within(dialog).getByRole('textbox', { name: /^Objet/ })).toHaveValue('2 candidatures – Chargé de recrutement H/F');
    expect(within(dialog).getByRole('radio', { name: 'Un seul e-mail pour les 2 candidatures' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Un e-mail par candidature (2 e-mails)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr,');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText("2 e-mails mis en file d'envoi.")).toBeVisible();
    expect(sent).toEqual([
      expect.objectContaining({ application_ids: [1, 2], send_type: 'separate', to: ['jury@partenaire.fr'], subject: '2 candidatures – Chargé de recrutement H/F' }),
    ]);
    // Sent: the selection is cleared.
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Actions sur la sélection' })).toBeNull());
  });

  it('transfers one application from its board card', async () => {
    useOffer([TRANSFER]);
    const sent: unknown[] = [];
    server.use(http.post('*/api/applications/transfer', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({ mails: 1, shares: [] }))));
    renderApp('/projects/10/offer/100?view=board');
    const nouveau = await screen.findByRole('region', { name: 'Nouveau' }, { timeout: 5000 });
    await userEvent.click(await within(nouveau).findByRole('button', { name: 'Transférer Bruno Petit par e-mail' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer par e-mail' });
    expect(within(dialog).getByRole('textbox', { name: /^Objet/ })).toHaveValue('Candidature de Bruno Petit – Chargé de recrutement H/F');
    // One application: no choice between one e-mail and several.
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Destinataires/ }), 'jury@partenaire.fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText("1 e-mail mis en file d'envoi.")).toBeVisible();
    expect(sent).toEqual([expect.objectContaining({ application_ids: [2], send_type: 'grouped' })]);
  });

  it('offers no transfer without the permission', async () => {
    useOffer([]);
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }, { timeout: 5000 }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions sur la sélection' });
    expect(within(toolbar).queryByRole('button', { name: 'Transférer par e-mail' })).toBeNull();
  });
});
