import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TCustomFieldValues } from '@embauche/contracts/custom-fields';
import { CustomFieldInputs, useCustomValueText } from '../../../components/custom-fields/custom-field-inputs.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useActiveCustomFields } from '../../../lib/custom-fields/get-active-custom-fields.ts';
import { useCustomFieldForm } from '../../../lib/custom-fields/use-custom-field-form.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useEntityCustomValues, type ValuesOwner } from '../api/get-entity-custom-values.ts';
import { useUpdateEntityCustomValues } from '../api/update-entity-custom-values.ts';

type Props = {
  owner: ValuesOwner;
  canEdit: boolean;
  /** The card's title: "Custom fields" unless said (an application's card names its offer). */
  title?: string;
};

/**
 * The custom fields of an applicant (or an application) on its screen: editable with
 * `project_application.edit`, read-only otherwise; nothing when the company has none.
 */
export function EntityCustomFieldsCard({ owner, canEdit, title }: Props) {
  const { t } = useTranslation('customFields');
  const fields = useActiveCustomFields(owner.entity);
  const values = useEntityCustomValues(owner, Boolean(fields.data?.length));
  if (!fields.data?.length || !values.data) return null;
  const heading = title ?? t('customFields:inputs.title');
  return (
    <Card title={heading} aria-label={heading}>
      {canEdit ? (
        <EditForm key={`${owner.entity}-${owner.id}`} owner={owner} initial={values.data.custom_fields} />
      ) : (
        <ReadOnly owner={owner} values={values.data.custom_fields} />
      )}
    </Card>
  );
}

function EditForm({ owner, initial }: { owner: ValuesOwner; initial: TCustomFieldValues }) {
  const { t } = useTranslation(['customFields', 'common']);
  const form = useCustomFieldForm(owner.entity, initial);
  const update = useUpdateEntityCustomValues();
  const errorMessage = useApiErrorMessage();
  const save = () => {
    if (!form.check()) return;
    update.mutate(
      { owner, values: form.payload() },
      {
        onSuccess: () => toast.success(t('customFields:inputs.saved')),
        onError: (error) => {
          if (!form.serverErrors(error)) toast.error(errorMessage(error));
        },
      },
    );
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <CustomFieldInputs fields={form.fields} values={form.values} errors={form.errors} onChange={form.setValue} />
      <div className="flex justify-end">
        <Button type="submit" variant="outline" disabled={update.isPending}>
          {t('customFields:inputs.save')}
        </Button>
      </div>
    </form>
  );
}

function ReadOnly({ owner, values }: { owner: ValuesOwner; values: TCustomFieldValues }) {
  const { t } = useTranslation('customFields');
  const fields = useActiveCustomFields(owner.entity).data ?? [];
  const text = useCustomValueText();
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {fields.map((field) => (
        <div key={field.id} className="contents">
          <dt className="font-medium text-slate-700">{field.label}</dt>
          <dd className="break-words text-slate-900">{text(field, values[String(field.id)]) ?? t('customFields:inputs.empty')}</dd>
        </div>
      ))}
    </dl>
  );
}
