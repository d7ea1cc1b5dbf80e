import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/test-i18n.ts';
import { DateTimePicker, parseTypedTime } from './date-time-picker.tsx';
import { FormField } from './form-field.tsx';

function Harness({ initial }: { initial: string | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FormField label="Entretien vidéo">
        {(control) => <DateTimePicker {...control} label="Entretien vidéo" value={value} onChange={setValue} />}
      </FormField>
      <output aria-label="valeur">{value ?? 'vide'}</output>
    </>
  );
}

describe('DateTimePicker', () => {
  it('reads a 24-hour time in several spellings', () => {
    expect(parseTypedTime('9:05')).toBe('09:05');
    expect(parseTypedTime('14h30')).toBe('14:30');
    expect(parseTypedTime('0905')).toBe('09:05');
    expect(parseTypedTime('25:00')).toBeNull();
  });

  it('shows the date in French and gives back yyyy-MM-ddTHH:mm', async () => {
    render(
      <I18nextProvider i18n={createTestI18n('fr')}>
        <Harness initial="2026-05-04T09:30" />
      </I18nextProvider>,
    );
    const date = screen.getByRole('textbox', { name: 'Entretien vidéo' });
    const time = screen.getByRole('textbox', { name: 'Heure (Entretien vidéo)' });
    expect(date).toHaveValue('04/05/2026');
    expect(time).toHaveValue('09:30');
    await userEvent.clear(time);
    await userEvent.type(time, '14h15');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByRole('status', { name: 'valeur' })).toHaveTextContent('2026-05-04T14:15'));
    await userEvent.clear(date);
    await userEvent.type(date, '12/06/2026{Enter}');
    await waitFor(() => expect(screen.getByRole('status', { name: 'valeur' })).toHaveTextContent('2026-06-12T14:15'));
  });
});
