import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSubsidiary } from '@embauche/contracts/subsidiaries';
import { Select } from './ui/select.tsx';

type Props = ComponentProps<typeof Select> & { subsidiaries: TSubsidiary[] };

/**
 * Picks one of the company's subsidiaries or none. Render it once the list has loaded, so that a
 * registered value finds its option.
 */
export function SubsidiarySelect({ subsidiaries, ...props }: Props) {
  const { t } = useTranslation('projects');
  return (
    <Select {...props}>
      <option value="">{t('projects:fields.no_subsidiary')}</option>
      {subsidiaries.map((subsidiary) => (
        <option key={subsidiary.id} value={subsidiary.id}>
          {subsidiary.name}
        </option>
      ))}
    </Select>
  );
}
