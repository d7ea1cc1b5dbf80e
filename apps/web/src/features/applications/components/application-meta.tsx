import { useTranslation } from 'react-i18next';
import { PROVENANCES } from '@embauche/contracts/applicants';
import type { TApplicationItem } from '@embauche/contracts/applications';
import { CustomListValues } from '../../../components/custom-fields/custom-list-values.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useListFields } from '../../../lib/custom-fields/use-list-fields.ts';
import { formatDate } from '../../../lib/dates.ts';

const VISIBLE_TAGS = 3;

/** Date, source (job board), tags and the custom values shown in lists of an application, for cards and rows. */
export function ApplicationMeta({ application }: { application: TApplicationItem }) {
  const { t, i18n } = useTranslation('application');
  const tags = application.tags;
  return (
    <div className="flex flex-col gap-1 text-xs text-slate-600">
      <span>
        <time dateTime={application.created_at}>{formatDate(application.created_at, 'date', i18n.language)}</time>
        {' · '}
        {application.jobboard ?? (application.provenance_id === PROVENANCES.manual ? t('application:source.manual') : t('application:source.unknown'))}
      </span>
      {tags.length ? (
        <ul aria-label={t('application:tags')} className="flex flex-wrap gap-1">
          {tags.slice(0, VISIBLE_TAGS).map((tag) => (
            <li key={tag}>
              <Badge className="px-2 py-0 text-[11px]">{tag}</Badge>
            </li>
          ))}
          {tags.length > VISIBLE_TAGS ? (
            <li>
              <Badge className="px-2 py-0 text-[11px]">{t('application:filters.more_count', { count: tags.length - VISIBLE_TAGS })}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      {application.custom_fields && Object.keys(application.custom_fields).length ? <ApplicationCustomValues application={application} /> : null}
    </div>
  );
}

/** The application's and its applicant's fields marked `show_in_list` (issue 17). */
function ApplicationCustomValues({ application }: { application: TApplicationItem }) {
  const fields = useListFields('application', 'applicant');
  return <CustomListValues fields={fields} values={application.custom_fields} />;
}
