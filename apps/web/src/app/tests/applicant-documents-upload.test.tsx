import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../test/render-app.tsx';
import { server } from '../../test/server.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

const info = (uploaded: number[] = []) => ({
  company: 'Valmont Industrie',
  firstname: 'Léa',
  expires_at: '2030-05-20T10:00:00.000Z',
  documents: [
    { id: 1, name: 'identity_card', default_type: true, uploaded: uploaded.includes(1) },
    { id: 7, name: 'Casier judiciaire', default_type: false, uploaded: uploaded.includes(7) },
  ],
});

describe('public document upload page', () => {
  it('says when the link is unknown or expired, in the visitor language', async () => {
    server.use(http.get(`*/api/documents-upload/${TOKEN}`, () => HttpResponse.json({ message: 'Request not found', code: 'not_found' }, { status: 404 })));
    renderApp(`/documents-upload/${TOKEN}`, { lng: 'es' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya no es válido' })).toBeVisible();
    expect(screen.getByText(/Pide un enlace nuevo/)).toBeVisible();
  });

  it('shows what is asked and uploads the chosen files', async () => {
    let fields: string[] = [];
    let uploaded: number[] = [];
    server.use(
      http.get(`*/api/documents-upload/${TOKEN}`, () => HttpResponse.json(info(uploaded))),
      http.post(`*/api/documents-upload/${TOKEN}`, async ({ request }) => {
        fields = [...(await request.formData()).keys()];
        uploaded = [1];
        return HttpResponse.json(info(uploaded));
      }),
    );
    renderApp(`/documents-upload/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents demandés par Valmont Industrie' })).toBeVisible();
    expect(screen.getByText(/Bonjour Léa/)).toBeVisible();
    expect(screen.getByText(/20 mai 2030/)).toBeVisible();
    const asked = screen.getByRole('list', { name: 'Documents demandés' });
    expect(within(asked).getByText("Pièce d'identité")).toBeVisible();
    expect(within(asked).getByText('Casier judiciaire')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Envoyer les documents' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choisissez au moins un fichier.');

    await userEvent.upload(screen.getByLabelText(/^Casier judiciaire/), new File([new Uint8Array(5_000_000)], 'gros.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Le fichier dépasse 4 Mo.')).toBeVisible();
    await userEvent.upload(screen.getByLabelText(/^Pièce d'identité/), new File(['%PDF-1.4'], 'cni.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('cni.pdf')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer les documents' }));
    expect(await screen.findByText('Document envoyé. Merci !')).toBeVisible();
    expect(fields).toEqual(['document_1']);
    expect(within(asked).getByText('Reçu')).toBeVisible();
    // Only the document still awaited keeps a drop zone.
    expect(screen.queryByLabelText(/^Pièce d'identité/)).toBeNull();
    expect(screen.getByLabelText(/^Casier judiciaire/)).toBeVisible();
  });

  it('puts a server refusal on the document it concerns', async () => {
    server.use(
      http.get(`*/api/documents-upload/${TOKEN}`, () => HttpResponse.json(info())),
      http.post(`*/api/documents-upload/${TOKEN}`, () => HttpResponse.json({ message: 'Invalid', errors: { document_7: ['file_type'] } }, { status: 422 })),
    );
    renderApp(`/documents-upload/${TOKEN}`, { lng: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Von Valmont Industrie angeforderte Dokumente' })).toBeVisible();
    await userEvent.upload(screen.getByLabelText(/^Casier judiciaire/), new File(['x'], 'casier.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dokumente senden' }));
    expect(await screen.findByText('Dieser Dateityp wird nicht akzeptiert.')).toBeVisible();
    expect(screen.getByLabelText(/^Casier judiciaire/)).toHaveAttribute('aria-invalid', 'true');
  });
});
