import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { TAppointment, TBookingLinkInput } from '@embauche/contracts/planner';
import { APPLICANT_PERMISSIONS, applicantApiHandlers } from '../../test/applicant-fixtures.ts';
import {
  APPLICATION_PERMISSIONS,
  makeApplication,
  useApplicationsApi,
} from '../../test/application-fixtures.ts';
import { makeMe } from '../../test/fixtures.ts';
import {
  makeOfferDetail,
  PROJECT_PERMISSIONS,
  useProjectsApi,
} from '../../test/project-fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

// pdf.js needs a real browser: the applicant screen's CV viewer is a stand-in here.
vi.mock('../../features/applicants/components/pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => {};
afterEach(() => toast.dismiss());

const PLANNER = 'planner.access';
const TITLE = 'Envoyer un lien de rendez-vous';

/** The templates and the booking-link call; keeps what was sent. */
function useBookingLinksApi() {
  const sent: TBookingLinkInput[] = [];
  server.use(
    http.get('*/api/planner/templates', () =>
      HttpResponse.json({
        data: [
          {
            id: 4,
            name: 'Entretien RH',
            duration_minutes: 30,
            location_kind: 'video',
            interviewers: [],
            time_zone: 'Europe/Paris',
            updated_at: '2030-01-01T10:00:00.000Z',
          },
        ],
        total: 1,
        current_page: 1,
        last_page: 1,
        per_page: 100,
      }),
    ),
    http.post('*/api/planner/booking-links', async ({ request }) => {
      const body = (await request.json()) as TBookingLinkInput;
      sent.push(body);
      return HttpResponse.json(
        {
          sent: body.application_ids.length - 1,
          results: body.application_ids.map((id, index) => ({
            application_id: id,
            booking_id: index + 1,
            email: index ? 'skipped' : 'queued',
            sms: 'not_asked',
            skipped_reason: index ? 'no_email' : null,
          })),
        },
        { status: 202 },
      );
    }),
  );
  return sent;
}

const APPOINTMENT: TAppointment = {
  id: 31,
  title: 'Entretien RH',
  start_at: '2030-03-05T09:00:00.000Z',
  end_at: '2030-03-05T09:30:00.000Z',
  status: 'confirmed',
  source: 'booking',
  template: { id: 4, name: 'Entretien RH' },
  location_kind: 'video',
  location: '',
  interviewers: [{ id: 7, firstname: 'Camille', lastname: 'Martin' }],
  applicant: { id: 5, firstname: 'Léa', lastname: 'Moreau' },
  application_id: 50,
  offer: { id: 100, title: 'Chargé de recrutement H/F' },
  notes: '',
  allow_conflicts: false,
  created_by: null,
  created_at: '2030-01-01T10:00:00.000Z',
  updated_at: '2030-01-01T10:00:00.000Z',
};

/** The applicant screen's appointments card: one appointment of applicant 5. */
const appointmentsOfApplicant5 = () =>
  http.get('*/api/applicants/5/appointments', () =>
    HttpResponse.json({
      data: [APPOINTMENT],
      total: 1,
      current_page: 1,
      last_page: 1,
      per_page: 5,
    }),
  );

describe('booking links', () => {
  it('sends one about the application in focus, and the applicant screen lists the appointments', async () => {
    signIn(makeMe([...APPLICANT_PERMISSIONS, PLANNER]));
    server.use(...applicantApiHandlers());
    server.use(appointmentsOfApplicant5());
    const sent = useBookingLinksApi();
    renderApp('/applicants/5');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Rendez-vous' })).closest(
      'section',
    )!;
    expect(within(card).getByText('Entretien RH')).toBeVisible();
    expect(within(card).getByText('Réservé par lien')).toBeVisible();
    // On the company's clock (the user has no zone of their own): 09:00 UTC is 10:00 in Paris.
    expect(within(card).getByText(/5 mars 2030, 10:00 – 10:30/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Lien de rendez-vous' }));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    // Without the SMS feature, e-mail only.
    expect(within(dialog).queryByRole('checkbox', { name: 'SMS' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeVisible();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /Modèle de rendez-vous/ }),
      'Entretien RH',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      template_id: 4,
      application_ids: [50],
      channels: ['email'],
      expires_in_days: 14,
      message: '',
    });
  });

  it('shows the applicant’s appointments on the user’s own clock', async () => {
    signIn(makeMe([...APPLICANT_PERMISSIONS, PLANNER], { time_zone: 'America/New_York' }));
    server.use(...applicantApiHandlers());
    server.use(appointmentsOfApplicant5());
    renderApp('/applicants/5');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Rendez-vous' })).closest(
      'section',
    )!;
    // 09:00 UTC is 04:00 in New York (before its change of 10 March 2030).
    expect(within(card).getByText(/5 mars 2030, 04:00 – 04:30/)).toBeVisible();
  });

  it('goes to an offer list’s selection, by SMS too where the company has SMS', async () => {
    signIn(
      makeMe(
        [...PROJECT_PERMISSIONS, ...APPLICATION_PERMISSIONS, PLANNER, 'project_application.sms'],
        { features: ['SMS'] },
      ),
    );
    useProjectsApi();
    server.use(
      http.get('*/api/projects/10/offers/100', () => HttpResponse.json(makeOfferDetail())),
      http.get('*/api/sms/get-active-conversations', () =>
        HttpResponse.json({ conversations: [], unread_conversation_count: 0 }),
      ),
    );
    useApplicationsApi([
      makeApplication({ id: 1, firstname: 'Alice', lastname: 'Durand' }),
      makeApplication({ id: 2, firstname: 'Bruno', lastname: 'Petit' }),
    ]);
    const sent = useBookingLinksApi();
    renderApp('/projects/10/offer/100?view=list');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Sélectionner la candidature de Alice Durand' }),
    );
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Sélectionner la candidature de Bruno Petit' }),
    );
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Actions sur la sélection' })).getByRole(
        'button',
        { name: TITLE },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(within(dialog).getByText(/Alice Durand, Bruno Petit/)).toBeVisible();
    await userEvent.selectOptions(
      await within(dialog).findByRole('combobox', { name: /Modèle de rendez-vous/ }),
      'Entretien RH',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'SMS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Lien envoyé à 1 candidat.')).toBeVisible();
    expect(within(dialog).getByText(/1 candidat n'a pas pu être contacté/)).toBeVisible();
    expect(sent[0]).toMatchObject({ application_ids: [1, 2], channels: ['email', 'sms'] });
  });
});
