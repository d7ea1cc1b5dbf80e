import { Link } from 'react-router';
import { Briefcase, Folder, FolderPlus, FolderTree } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROJECT_TYPES } from '@embauche/contracts/projects';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ProjectActionsMenu } from './project-actions-menu.tsx';
import { ProjectFavoriteToggle } from './project-favorite-toggle.tsx';
import { useProjectTreeContext } from './project-tree-context.ts';

/** `/projects` and `/projects/favorites`: the projects of the current tree as a table with counts. */
export function ProjectsOverview({ favorites = false }: { favorites?: boolean }) {
  const { t } = useTranslation(['projects', 'common']);
  const { tree, loading, permissions, openDialog } = useProjectTreeContext();
  const title = favorites ? t('projects:favorites') : t('projects:title');
  const rows = tree?.children ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        subtitle={tree ? t('projects:counts.offers', { count: tree.total_offers }) : undefined}
        actions={
          permissions.create && !favorites ? (
            <Button onClick={() => openDialog({ kind: 'create', parentId: null })}>
              <FolderPlus aria-hidden="true" />
              {t('projects:actions.create')}
            </Button>
          ) : null
        }
      />
      {/* `relative` keeps the table's screen-reader-only labels inside the scrolling frame. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        {loading ? <Spinner className="p-6" /> : null}
        {tree && rows.length === 0 ? (
          <EmptyState icon={FolderTree} title={favorites ? t('projects:overview.no_favorites') : t('projects:overview.empty')} />
        ) : null}
        {rows.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">{t('projects:overview.name')}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{t('projects:overview.type')}</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">{t('projects:overview.sub_projects')}</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">{t('projects:overview.offers')}</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">{t('projects:overview.to_treat')}</th>
                <th scope="col" className="px-4 py-3 font-semibold"><span className="sr-only">{t('projects:overview.actions')}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((project) => {
                const Icon = project.type === PROJECT_TYPES.FOLDER ? Folder : Briefcase;
                return (
                  <tr key={project.id} className="hover:bg-slate-50">
                    <th scope="row" className="px-4 py-3 font-medium">
                      <Link to={`/projects/${project.id}/offers`} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                        <Icon aria-hidden="true" className="size-4 text-slate-500" />
                        {project.name}
                      </Link>
                    </th>
                    <td className="px-4 py-3 text-slate-700">{t(`projects:type.${project.type}`)}</td>
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{project.total_sub_projects}</td>
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{project.total_offers}</td>
                    <td className="px-4 py-3 text-right tabular-nums text-slate-700">{project.total_to_treat}</td>
                    <td className="px-4 py-3">
                      <div className="flex justify-end gap-1">
                        <ProjectFavoriteToggle id={project.id} name={project.name} favorite={project.is_favorite} />
                        <ProjectActionsMenu project={project} />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}
