import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSubsidiary } from '@embauche/contracts/subsidiaries';
import { Select } from './ui/select.tsx';

type Props = ComponentProps<typeof Select> & {
  subsidiaries: TSubsidiary[];
  /**
   * The subsidiary the object already holds: archived, it is no longer in the pickers' list but
   * stays a choice here, so that saving the form keeps it.
   */
  keepId?: number | null;
};

/**
 * Picks one of the company's subsidiaries or none. Render it once the list has loaded, so that a
 * registered value finds its option.
 */
export function SubsidiarySelect({ subsidiaries, keepId = null, ...props }: Props) {
  const { t } = useTranslation('projects');
  const kept = keepId !== null && !subsidiaries.some((s) => s.id === keepId);
  return (
    <Select {...props}>
      <option value="">{t('projects:fields.no_subsidiary')}</option>
      {kept ? <option value={keepId}>{t('projects:fields.archived_subsidiary')}</option> : null}
      {subsidiaries.map((subsidiary) => (
        <option key={subsidiary.id} value={subsidiary.id}>
          {subsidiary.name}
        </option>
      ))}
    </Select>
  );
}
