import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Card } from '../../../components/ui/card.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdateTags } from '../api/update-tags.ts';
import { useTagSuggestions } from '../hooks/use-tag-suggestions.ts';

type Props = { applicantId: number; tags: string[]; canEdit: boolean; onChanged?: () => void };

/** The applicant's tags; every change is saved at once with `PUT /applicants/{id}/tags`. */
export function ApplicantTagsCard({ applicantId, tags, canEdit, onChanged }: Props) {
  const { t } = useTranslation(['applicant', 'errors']);
  const errorMessage = useApiErrorMessage();
  const update = useUpdateTags(onChanged);
  const suggest = useTagSuggestions(canEdit);
  const save = (next: string[]) =>
    update.mutate(
      { applicantId, tags: next },
      {
        onError: (error) => {
          const code = isApiError(error) ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
          toast.error(code ? translateErrorCode(t, code) : errorMessage(error));
        },
      },
    );
  return (
    <Card title={t('applicant:tags.title')}>
      {canEdit ? (
        <TagInput label={t('applicant:tags.input')} value={tags} onChange={save} {...suggest} />
      ) : tags.length ? (
        <ul aria-label={t('applicant:tags.title')} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge tone="info">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('applicant:tags.none')}</p>
      )}
    </Card>
  );
}
