import { useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@embauche/contracts/constants';
import { MAIL_KINDS, type TMailKind, type TMailModelItem } from '@embauche/contracts/mail-models';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMailModelChoices } from '../api/get-mail-model-choices.ts';
import type { MailingForm } from '../lib/mailing-form.ts';
import { MergeFieldPicker } from './merge-field-picker.tsx';

const RADIO =
  'mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500';

const TEXTAREA =
  'min-h-40 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600';

/** The free e-mails first (what writing to candidates is for), then the other kinds in their usual order. */
const KIND_ORDER: TMailKind[] = ['free', ...MAIL_KINDS.filter((kind) => kind !== 'free')];

/** A merge field typed into a text field at the caret (or over the selection); the caret then follows it. */
function useTokenInsertion(form: UseFormReturn<MailingForm>, name: 'subject' | 'body') {
  const element = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const caret = useRef<number | null>(null);
  const insert = (token: string) => {
    const value = form.getValues(name);
    // The field keeps its selection while the menu has the focus.
    const start = element.current?.selectionStart ?? value.length;
    const end = element.current?.selectionEnd ?? value.length;
    form.setValue(name, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    caret.current = start + token.length;
  };
  const focusAfter = () => {
    const node = element.current;
    if (!node) return;
    node.focus();
    if (caret.current !== null) node.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  };
  return { element, insert, focusAfter };
}

type Props = { form: UseFormReturn<MailingForm> };

/** The e-mail's content: a model of the company (grouped by kind) or a subject and a text written here. */
export function MailingContentFields({ form }: Props) {
  const { t } = useTranslation(['multicast', 'mail']);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const modelId = useWatch({ control: form.control, name: 'model_id' });
  const models = useMailModelChoices();
  const subjectTokens = useTokenInsertion(form, 'subject');
  const bodyTokens = useTokenInsertion(form, 'body');
  const { errors } = form.formState;
  const subject = form.register('subject');
  const body = form.register('body');
  const chosen = models.data?.find((m) => String(m.id) === modelId);
  const byKind = KIND_ORDER.map((kind) => ({
    kind,
    models: (models.data ?? []).filter((m) => m.kind === kind),
  })).filter((g) => g.models.length);
  const languages = (model: TMailModelItem) =>
    LANGUAGES.filter((lng) => model.languages.includes(lng))
      .map((lng) => t(`mail:models.language_names.${lng}`))
      .join(', ');

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('multicast:content.legend')}
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['model', 'free'] as const).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
              <input type="radio" value={value} className={RADIO} {...form.register('mode')} />
              <span>{t(`multicast:content.${value}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'model' ? (
        <div className="flex flex-col gap-2">
          {models.isPending ? <Spinner label={t('multicast:model.loading')} /> : null}
          {models.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
              <span>{t('multicast:model.error')}</span>
              <Button variant="outline" size="sm" onClick={() => void models.refetch()}>
                {t('multicast:model.retry')}
              </Button>
            </div>
          ) : null}
          {models.isSuccess && models.data.length === 0 ? (
            <p className="text-sm text-slate-700">{t('multicast:model.empty')}</p>
          ) : null}
          {models.isSuccess && models.data.length ? (
            <FormField
              label={t('multicast:model.label')}
              required
              error={errors.model_id}
              hint={
                chosen
                  ? t('multicast:model.languages', { languages: languages(chosen) })
                  : undefined
              }
            >
              {(c) => (
                <Select {...c} {...form.register('model_id')}>
                  <option value="">{t('multicast:model.placeholder')}</option>
                  {byKind.map((group) => (
                    <optgroup key={group.kind} label={t(`mail:models.kinds.${group.kind}`)}>
                      {group.models.map((model) => (
                        <option key={model.id} value={String(model.id)}>
                          {model.is_default
                            ? t('multicast:model.default', { name: model.name })
                            : model.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <FormField label={t('multicast:free.subject')} required error={errors.subject}>
            {(c) => (
              <div className="flex min-w-0 flex-wrap items-start gap-2">
                <Input
                  {...c}
                  {...subject}
                  ref={(node) => {
                    subject.ref(node);
                    subjectTokens.element.current = node;
                  }}
                  autoComplete="off"
                  className="min-w-0 flex-1 basis-56"
                />
                <MergeFieldPicker
                  label={t('multicast:free.subject_field')}
                  onPick={subjectTokens.insert}
                  focusAfter={subjectTokens.focusAfter}
                />
              </div>
            )}
          </FormField>
          <FormField
            label={t('multicast:free.body')}
            required
            error={errors.body}
            hint={t('multicast:free.body_hint', { example: '{{candidate.firstname}}' })}
          >
            {(c) => (
              <div className="flex min-w-0 flex-col items-start gap-2">
                <textarea
                  {...c}
                  {...body}
                  ref={(node) => {
                    body.ref(node);
                    bodyTokens.element.current = node;
                  }}
                  rows={8}
                  placeholder={t('multicast:free.placeholder', {
                    example: '{{candidate.firstname}}',
                  })}
                  className={TEXTAREA}
                />
                <MergeFieldPicker
                  label={t('multicast:free.body_field')}
                  onPick={bodyTokens.insert}
                  focusAfter={bodyTokens.focusAfter}
                />
              </div>
            )}
          </FormField>
        </div>
      )}
    </div>
  );
}
