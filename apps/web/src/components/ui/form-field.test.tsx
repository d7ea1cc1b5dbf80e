import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api-error.ts';
import { applyServerErrors } from '../../lib/apply-server-errors.ts';
import { createTestI18n } from '../../test/test-i18n.ts';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

function NameForm({ serverError }: { serverError?: unknown }) {
  const { register, handleSubmit, setError, formState } = useForm({ defaultValues: { name: '' } });
  const onSubmit = handleSubmit(() => {
    if (serverError) applyServerErrors(serverError, setError);
  });
  return (
    <form onSubmit={onSubmit}>
      <FormField label="Nom" error={formState.errors.name} required>
        {(control) => (
          <Input {...control} {...register('name', { required: true, maxLength: { value: 3, message: 'max_length:3' } })} />
        )}
      </FormField>
      <button type="submit">Envoyer</button>
    </form>
  );
}

function renderForm(serverError?: unknown) {
  return render(
    <I18nextProvider i18n={createTestI18n('fr')}>
      <NameForm serverError={serverError} />
    </I18nextProvider>,
  );
}

describe('FormField', () => {
  it('shows field_required by default and marks the label', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    const input = screen.getByRole('textbox', { name: /Nom/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(screen.getByText('Nom')).toHaveClass('text-red-700');
    expect(screen.getByText('*')).toHaveClass('text-red-600');
  });

  it('translates code:number messages with the number as count', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Nom/ }), 'Dupont');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('3 caractères maximum.')).toBeInTheDocument();
  });

  it('shows every server code of a 422 as its own message', async () => {
    const error = new ApiError(422, { message: 'Invalid', errors: { name: ['not_unique', 'max_length:255'] } });
    renderForm(error);
    await userEvent.type(screen.getByRole('textbox', { name: /Nom/ }), 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByText('Cette valeur est déjà utilisée.')).toBeInTheDocument());
    expect(screen.getByText('255 caractères maximum.')).toBeInTheDocument();
  });
});
