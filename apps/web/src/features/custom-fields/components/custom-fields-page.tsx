import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { parseAsStringLiteral, useQueryState } from 'nuqs';
import {
  Archive,
  ArchiveRestore,
  ArrowDown,
  ArrowUp,
  Pencil,
  Plus,
  TextCursorInput,
  Trash2,
} from 'lucide-react';
import { CUSTOM_FIELD_ENTITIES, type TCustomField } from '@embauche/contracts/custom-fields';
import { PageIntro } from '../../../components/page-intro.tsx';
import { ListStates } from '../../../components/paged-list-states.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCustomFields } from '../api/get-custom-fields.ts';
import { useDeleteCustomField } from '../api/delete-custom-field.ts';
import { useReorderCustomFields } from '../api/reorder-custom-fields.ts';
import { useUpdateCustomField } from '../api/update-custom-field.ts';
import { CustomFieldDialog } from './custom-field-dialog.tsx';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; field: TCustomField } | null;

const entityParam = parseAsStringLiteral(CUSTOM_FIELD_ENTITIES).withDefault('offer');

/**
 * Config page `custom-fields` (`config.custom_fields`): the typed fields of offers, applicants and
 * applications, in their order (up and down buttons), created, edited, archived or deleted.
 */
export function CustomFieldsPage() {
  const { t } = useTranslation(['customFields', 'common']);
  const [entity, setEntity] = useQueryState('entity', entityParam);
  const fields = useCustomFields(entity);
  const reorder = useReorderCustomFields();
  const update = useUpdateCustomField();
  const errorMessage = useApiErrorMessage();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const rows = fields.data ?? [];

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(
      { entity, ids },
      {
        onSuccess: () => toast.success(t('customFields:list.moved', { label: rows[index]!.label })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  const toggleArchive = (field: TCustomField) =>
    update.mutate(
      {
        id: field.id,
        label: field.label,
        required: field.required,
        options: field.options,
        show_in_form: field.show_in_form,
        show_in_list: field.show_in_list,
        ask_candidates: field.ask_candidates,
        archived: !field.archived,
      },
      {
        onSuccess: () =>
          toast.success(
            t(field.archived ? 'customFields:list.restored' : 'customFields:list.archived_done', {
              label: field.label,
            }),
          ),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <PageIntro
        actions={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {t('customFields:add')}
          </Button>
        }
      >
        {t('customFields:intro')}
      </PageIntro>
      <Tabs value={entity} onValueChange={(value) => void setEntity(value as typeof entity)}>
        <TabsList aria-label={t('customFields:entities.label')}>
          {CUSTOM_FIELD_ENTITIES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`customFields:entities.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={entity} className="pt-0">
          <ListStates
            query={fields}
            error={t('customFields:error')}
            retry={t('customFields:retry')}
            empty={{ icon: TextCursorInput, title: t('customFields:empty') }}
          >
            {(rows) => (
              <ul
                aria-label={t('customFields:list.label', {
                  entity: t(`customFields:entities.${entity}`),
                })}
                className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              >
                {rows.map((field, index) => (
                  <li
                    key={field.id}
                    className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-medium text-slate-900">
                        {field.label}
                        {field.required ? (
                          <span
                            className="ml-1 text-red-600"
                            aria-label={t('customFields:list.required')}
                          >
                            *
                          </span>
                        ) : null}
                      </p>
                      <div className="mt-1 flex flex-wrap gap-1.5 text-xs">
                        <Badge tone="info">{t(`customFields:types.${field.type}`)}</Badge>
                        {field.show_in_form ? (
                          <Badge>{t('customFields:list.in_form')}</Badge>
                        ) : null}
                        {field.show_in_list ? (
                          <Badge>{t('customFields:list.in_list')}</Badge>
                        ) : null}
                        {field.ask_candidates ? (
                          <Badge>{t('customFields:list.on_career_site')}</Badge>
                        ) : null}
                        {field.archived ? (
                          <Badge tone="warning">{t('customFields:list.archived')}</Badge>
                        ) : null}
                        <span className="text-slate-600">
                          {t('customFields:list.values', { count: field.value_count })}
                        </span>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('customFields:list.move_up', { label: field.label })}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('customFields:list.move_down', { label: field.label })}
                        disabled={index === rows.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('customFields:list.edit', { label: field.label })}
                        onClick={() => setOpen({ kind: 'edit', field })}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t(
                          field.archived
                            ? 'customFields:list.restore'
                            : 'customFields:list.archive',
                          { label: field.label },
                        )}
                        onClick={() => toggleArchive(field)}
                      >
                        {field.archived ? (
                          <ArchiveRestore aria-hidden="true" />
                        ) : (
                          <Archive aria-hidden="true" />
                        )}
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('customFields:list.delete', { label: field.label })}
                        onClick={() => setOpen({ kind: 'delete', field })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </ListStates>
        </TabsContent>
      </Tabs>
      {open?.kind === 'create' ? <CustomFieldDialog entity={entity} onClose={close} /> : null}
      {open?.kind === 'edit' ? (
        <CustomFieldDialog key={open.field.id} entity={entity} field={open.field} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? <DeleteDialog field={open.field} onClose={close} /> : null}
    </div>
  );
}

/** Confirms deleting a field; when it holds values, says how many go with it. */
function DeleteDialog({ field, onClose }: { field: TCustomField; onClose: () => void }) {
  const { t } = useTranslation('customFields');
  const remove = useDeleteCustomField();
  const errorMessage = useApiErrorMessage();
  return (
    <AlertDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('customFields:delete.title', { label: field.label })}
      description={
        field.value_count
          ? t('customFields:delete.with_values', { count: field.value_count })
          : t('customFields:delete.description')
      }
      confirmLabel={t('customFields:delete.confirm')}
      destructive
      loading={remove.isPending}
      onConfirm={() =>
        remove.mutate(field.id, {
          onSuccess: () => {
            toast.success(t('customFields:delete.deleted', { label: field.label }));
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    />
  );
}
