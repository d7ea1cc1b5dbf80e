import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ADMIN_PERMISSIONS, RECRUITER_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';

/** Screens still to come say so, with one line on what they will do, never "no data". */
describe('placeholder pages', () => {
  it('says that a main screen is coming and what it will do', async () => {
    signIn(makeMe([...RECRUITER_PERMISSIONS, 'project_job_offer.billing']));
    renderApp('/offers-follow-up');
    expect(await screen.findByRole('heading', { level: 1, name: 'Suivi des offres' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Cet écran arrive bientôt' }),
    ).toBeVisible();
    expect(
      screen.getByText('Vous y suivrez la facturation de vos offres publiées.'),
    ).toBeVisible();
    expect(screen.queryByText('Aucune donnée')).not.toBeInTheDocument();
  });

  it('does the same for a configuration page', async () => {
    signIn(makeMe([...ADMIN_PERMISSIONS, 'config.ed']));
    renderApp('/config/interviews');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entretiens' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Cet écran arrive bientôt' }),
    ).toBeVisible();
    expect(screen.getByText('Vous y configurerez vos entretiens différés.')).toBeVisible();
  });

  it('does the same for a public page, in English too', async () => {
    renderApp('/register', { lng: 'en' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create an account' }),
    ).toBeVisible();
    expect(screen.getByText('This screen is coming soon')).toBeVisible();
    expect(screen.getByText("You will be able to create your company's account.")).toBeVisible();
  });
});
