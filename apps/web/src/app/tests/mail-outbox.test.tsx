import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TOutboxMail } from '@embauche/contracts/mail';
import { ADMIN_PERMISSIONS, makeMe } from '../../test/fixtures.ts';
import { renderApp, signIn } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const mail = (overrides: Partial<TOutboxMail>): TOutboxMail => ({
  id: 1,
  to: 'lea.garnier@example.com',
  subject: 'Documents à transmettre',
  text: 'Bonjour,\nDéposez vos documents ici : http://localhost:3000/documents-upload/abc123\nMerci.',
  html: null,
  transport: 'outbox',
  created_at: '2026-11-20T09:30:00.000Z',
  sent_at: '2026-11-20T09:30:01.000Z',
  error: null,
  ...overrides,
});

describe('mail outbox (development page)', () => {
  it('lists the latest e-mails with their state and opens one with clickable links', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    server.use(
      http.get('*/api/dev/mail-outbox', () =>
        HttpResponse.json([
          mail({ id: 2, subject: 'Relance', sent_at: null, error: 'connect ECONNREFUSED', transport: 'smtp' }),
          mail({}),
        ]),
      ),
    );
    renderApp('/dev/mail-outbox');
    expect(await screen.findByRole('heading', { level: 1, name: "Boîte d'envoi" })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'E-mails' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Échec')).toBeVisible();
    expect(within(items[1]!).getByText('Conservé (sans SMTP)')).toBeVisible();
    await userEvent.click(within(items[1]!).getByText('Documents à transmettre'));
    const link = within(items[1]!).getByRole('link', { name: 'http://localhost:3000/documents-upload/abc123' });
    expect(link).toHaveAttribute('href', 'http://localhost:3000/documents-upload/abc123');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says the page is unavailable when the server answers 404 (production)', async () => {
    signIn(makeMe(ADMIN_PERMISSIONS));
    server.use(http.get('*/api/dev/mail-outbox', () => HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 })));
    renderApp('/dev/mail-outbox');
    expect(await screen.findByRole('heading', { name: "Boîte d'envoi indisponible" })).toBeVisible();
  });

  it('is refused without config.access', async () => {
    signIn(makeMe());
    renderApp('/dev/mail-outbox');
    expect(await screen.findByRole('heading', { name: "Vous n'avez pas accès à cette page" })).toBeVisible();
  });
});
