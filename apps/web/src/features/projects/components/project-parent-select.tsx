import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select.tsx';
import { useProjectParents } from '../api/get-project-parents.ts';

type Props = ComponentProps<'select'> & { exclude?: ReadonlySet<number> };

/** The folders where a project can live, indented by depth; the empty value is the top level. */
export function ProjectParentSelect({ exclude, ...props }: Props) {
  const { t } = useTranslation('projects');
  const parents = useProjectParents();
  return (
    <Select {...props} disabled={parents.isPending || props.disabled}>
      <option value="">{t('projects:form.top_level')}</option>
      {(parents.data ?? [])
        .filter((folder) => !exclude?.has(folder.id))
        .map((folder) => (
          <option key={folder.id} value={folder.id}>
            {`${'\u00a0\u00a0'.repeat(folder.depth)}${folder.name}`}
          </option>
        ))}
    </Select>
  );
}
