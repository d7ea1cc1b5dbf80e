import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import type { TCareerSiteAnswers } from '@embauche/contracts/career-site';
import { makeMe } from '../../../test/fixtures.ts';
import { APPLICANT_PERMISSIONS, OVERVIEW, applicantApiHandlers } from '../../../test/applicant-fixtures.ts';
import { mediaQueryList } from '../../../test/media-query-list.ts';
import { renderApp, signIn } from '../../../test/render-app.tsx';
import { server } from '../../../test/server.ts';
import { createTestI18n } from '../../../test/test-i18n.ts';
import { CareerSiteAnswers } from './career-site-answers.tsx';

// pdf.js needs a real browser (canvas, workers): the e2e spec covers it; here the lazy chunk is a stand-in.
vi.mock('./pdf-viewer.tsx', () => ({
  default: ({ label }: { label: string }) => <section aria-label={label} />,
}));

const ANSWERS: TCareerSiteAnswers = {
  address: '12 rue des Tanneurs\n69001 Lyon',
  birth_date: '1990-04-23',
  linkedin_url: 'https://www.linkedin.com/in/lea-moreau',
  custom_fields: [],
  notice_language: 'en',
  notice_version: 3,
  consented_at: '2025-03-02T09:00:00.000Z',
};

function renderAnswers(answers: TCareerSiteAnswers | null, lng = 'fr') {
  return render(
    <I18nextProvider i18n={createTestI18n(lng)}>
      <CareerSiteAnswers answers={answers} />
    </I18nextProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('career site answers (docs/career-site.md "Consent")', () => {
  it('lists the address, the birth date, the LinkedIn profile in a new tab and the consent, in French', () => {
    renderAnswers(ANSWERS);
    const section = screen.getByRole('region', { name: 'Réponses du site carrière' });
    const terms = within(section).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Adresse postale', 'Date de naissance', 'LinkedIn']);
    const values = within(section).getAllByRole('definition');
    expect(values[0]).toHaveTextContent('12 rue des Tanneurs 69001 Lyon');
    expect(values[1]).toHaveTextContent('23/04/1990');
    const link = within(section).getByRole('link', { name: 'Ouvrir le profil LinkedIn (nouvel onglet)' });
    expect(link).toHaveAttribute('href', 'https://www.linkedin.com/in/lea-moreau');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(section).getByText(/^Consentement à la notice de confidentialité v3 \(anglais\) le 02\/03\/2025 \d\d:\d\d$/)).toBeVisible();
  });

  it("adds the answers to the company's own questions, each under the label it had, formatted by type", () => {
    renderAnswers({
      ...ANSWERS,
      address: null,
      birth_date: null,
      linkedin_url: null,
      custom_fields: [
        { id: 7, label: 'Prétentions salariales', type: 'currency', value: 4_200_000 },
        { id: 8, label: 'Permis B', type: 'yes_no', value: true },
        { id: 9, label: 'Langues parlées', type: 'multiple_choice', value: ['Anglais', 'Italien'] },
        { id: 10, label: 'Disponible le', type: 'date', value: '2027-01-04' },
      ],
    });
    const section = screen.getByRole('region', { name: 'Réponses du site carrière' });
    expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual(['Prétentions salariales', 'Permis B', 'Langues parlées', 'Disponible le']);
    expect(within(section).getAllByRole('definition').map((value) => value.textContent?.replace(/\s/g, ' '))).toEqual([
      '42 000,00 €',
      'Oui',
      'Anglais, Italien',
      '04/01/2027',
    ]);
  });

  it('speaks English, in the English date format, and leaves out answers not given', () => {
    renderAnswers({ ...ANSWERS, address: null, linkedin_url: null, notice_language: 'fr', notice_version: 1 }, 'en');
    const section = screen.getByRole('region', { name: 'Career site answers' });
    expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual(['Date of birth']);
    expect(within(section).getByRole('definition')).toHaveTextContent('23/04/1990');
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).getByText(/^Consent to the privacy notice v1 \(French\) on 02\/03\/2025 \d\d:\d\d$/)).toBeVisible();
  });

  it('shows a link that is not a web address as text', () => {
    renderAnswers({ ...ANSWERS, linkedin_url: 'javascript:alert(1)' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('javascript:alert(1)')).toBeVisible();
  });

  it('shows nothing for an application that did not come from the career site', () => {
    const { container } = renderAnswers(null);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows on the applicant screen for the focused application from the career site only', async () => {
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const overview = OVERVIEW.map((a) => (a.id === 50 ? { ...a, career_site: ANSWERS } : a));
    server.use(...applicantApiHandlers({ overview }));
    renderApp('/applicants/5');
    const section = await screen.findByRole('region', { name: 'Réponses du site carrière' }, { timeout: 5000 });
    expect(within(section).getByText('23/04/1990')).toBeVisible();
    // The spontaneous application did not come from the site: no section.
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' }));
    expect(await screen.findByRole('button', { name: 'Afficher la candidature « Candidature spontanée »' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('region', { name: 'Réponses du site carrière' })).toBeNull();
  });

  it('shows in the applications tab on a phone (390 px)', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const min = /min-width:\s*(\d+)px/.exec(query);
      return mediaQueryList(query, (!max || 390 <= Number(max[1])) && (!min || 390 >= Number(min[1])));
    });
    signIn(makeMe(APPLICANT_PERMISSIONS));
    const overview = OVERVIEW.map((a) => (a.id === 50 ? { ...a, career_site: ANSWERS } : a));
    server.use(...applicantApiHandlers({ overview }));
    renderApp('/applicants/5');
    const tabs = await screen.findByRole('tablist', { name: 'Sections de la fiche' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Réponses du site carrière' })).toBeNull();
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Candidatures' }));
    const section = await screen.findByRole('region', { name: 'Réponses du site carrière' });
    expect(within(section).getByRole('link', { name: 'Ouvrir le profil LinkedIn (nouvel onglet)' })).toBeVisible();
  });
});
