import { useId, useState } from 'react';
import { useForm, useWatch, type Control, type FieldError, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowLeft, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import {
  ONBOARDING_DUE_DAYS_MAX,
  ONBOARDING_STEP_KINDS,
  ZOnboardingProcessInput,
  type TOnboardingProcess,
  type TOnboardingProcessFormInput,
  type TOnboardingProcessInput,
  type TOnboardingStepInput,
} from '@embauche/contracts/onboarding';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useCreateOnboardingProcess } from '../api/create-onboarding-process.ts';
import { useOnboardingMailModels } from '../api/get-onboarding-mail-models.ts';
import type { OnboardingUser } from '../api/search-onboarding-users.ts';
import { useUpdateOnboardingProcess } from '../api/update-onboarding-process.ts';
import { useStepList } from '../hooks/use-step-list.ts';
import { dueDaysLabel } from '../lib/labels.ts';
import { UserPicker } from './user-picker.tsx';

/** The editor's responsible choices: a named person, the new hire's manager, the recruiter (groups and roles kept when saved). */
const RESPONSIBLE_CHOICES = ['manager', 'recruiter', 'user'] as const;

const BASE = '/config/onboarding/process';

function valuesOf(process?: TOnboardingProcess): TOnboardingProcessFormInput {
  return {
    name: process?.name ?? '',
    active: process?.active ?? true,
    steps: (process?.steps ?? []).map((s) => ({
      id: s.id,
      title: s.title,
      kind: s.kind,
      responsible: { type: s.responsible.type, id: s.responsible.id },
      due_days: s.due_days,
      document_name: s.document_name,
      mail_model_id: s.mail_model_id,
    })),
  };
}

const newStep = (): TOnboardingStepInput => ({
  title: '',
  kind: 'task',
  responsible: { type: 'manager', id: null },
  due_days: 0,
  document_name: null,
  mail_model_id: null,
});

type Form = TOnboardingProcessFormInput;

/**
 * Config pages `onboarding/process/new` and `onboarding/process/{id}`: a process's name, whether
 * new onboardings may use it, and its ordered steps. Steps move by dragging their handle (mouse,
 * finger, or the keyboard: space, arrows, space) or with the up and down buttons.
 */
export function ProcessEditor({ process }: { process?: TOnboardingProcess }) {
  const { t } = useTranslation(['onboarding', 'errors']);
  const navigate = useNavigate();
  const errorMessage = useApiErrorMessage();
  const create = useCreateOnboardingProcess();
  const update = useUpdateOnboardingProcess();
  const form = useForm<Form, unknown, TOnboardingProcessInput>({
    resolver: zodResolver(ZOnboardingProcessInput),
    defaultValues: valuesOf(process),
  });
  const steps = useStepList(form);
  const [people, setPeople] = useState<Record<number, OnboardingUser>>(() =>
    Object.fromEntries(
      (process?.steps ?? [])
        .filter((s) => s.responsible.type === 'user' && s.responsible.id && s.responsible.name)
        .map((s) => [s.responsible.id!, { id: s.responsible.id!, name: s.responsible.name! }]),
    ),
  );
  const { errors, isDirty, isSubmitting } = form.formState;
  const stepsId = useId();

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = process
        ? await update.mutateAsync({ ...values, id: process.id })
        : await create.mutateAsync(values);
      toast.success(t(process ? 'onboarding:process.saved' : 'onboarding:process.created', { name: saved.name }));
      form.reset(valuesOf(saved));
      if (!process) void navigate(`${BASE}/${saved.id}`, { replace: true });
    } catch (error) {
      if (!applyServerErrors(error, form.setError)) toast.error(errorMessage(error));
    }
  });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = steps.keys;
  const titleOf = (key: unknown) => {
    const index = keys.indexOf(String(key));
    return form.getValues(`steps.${index}.title`) || t('onboarding:process.untitled', { position: index + 1 });
  };
  const positionOf = (key: unknown) => keys.indexOf(String(key)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('onboarding:process.announce.start', { name: titleOf(active.id), position: positionOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('onboarding:process.announce.over', { name: titleOf(active.id), position: positionOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('onboarding:process.announce.end', { name: titleOf(active.id), position: positionOf(over.id) }) : t('onboarding:process.announce.cancel', { name: titleOf(active.id) })),
    onDragCancel: ({ active }) => t('onboarding:process.announce.cancel', { name: titleOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    steps.move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-5 p-4 sm:p-6">
      <UnsavedChangesGuard
        when={isDirty && !isSubmitting}
        title={t('onboarding:process.leave.title')}
        description={t('onboarding:process.leave.description')}
        confirmLabel={t('onboarding:process.leave.confirm')}
        cancelLabel={t('onboarding:process.leave.cancel')}
      />
      <Button variant="link" asChild className="h-auto self-start px-0">
        <Link to={BASE}>
          <ArrowLeft aria-hidden="true" />
          {t('onboarding:process.back')}
        </Link>
      </Button>
      <h2 className="text-lg font-semibold text-slate-900">
        {process ? t('onboarding:process.edit_title', { name: process.name }) : t('onboarding:process.new_title')}
      </h2>
      <div className="grid min-w-0 gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField label={t('onboarding:process.name')} required error={errors.name}>
          {(control) => <Input {...control} autoComplete="off" maxLength={100} {...form.register('name')} />}
        </FormField>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
          <Checkbox {...form.register('active')} />
          {t('onboarding:process.active')}
        </label>
      </div>
      <section aria-labelledby={stepsId} className="flex min-w-0 flex-col gap-3">
        <h3 id={stepsId} className="text-base font-semibold text-slate-900">
          {t('onboarding:process.steps')}
        </h3>
        {steps.count === 0 ? (
          <p className="text-sm text-slate-600">{t('onboarding:process.no_steps')}</p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: t('onboarding:process.instructions') } }}
          >
            <SortableContext items={keys} strategy={verticalListSortingStrategy}>
              <ol aria-labelledby={stepsId} className="flex min-w-0 flex-col gap-3">
                {keys.map((key, index) => (
                  <StepRow
                    key={key}
                    sortId={key}
                    index={index}
                    count={steps.count}
                    control={form.control}
                    register={form.register}
                    setValue={form.setValue}
                    errors={errors}
                    people={people}
                    onPerson={(user) => setPeople((p) => ({ ...p, [user.id]: user }))}
                    onMove={(to) => steps.move(index, to)}
                    onRemove={() => steps.remove(index)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        )}
        {errors.steps?.message ? (
          <p role="alert" className="text-sm text-red-700">
            {translateErrorCode(t, errors.steps.message)}
          </p>
        ) : null}
        <Button type="button" variant="outline" className="self-start" onClick={() => steps.append(newStep())}>
          <Plus aria-hidden="true" />
          {t('onboarding:process.add_step')}
        </Button>
      </section>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {t('onboarding:process.save')}
        </Button>
        <Button variant="outline" asChild>
          <Link to={BASE}>{t('onboarding:process.cancel')}</Link>
        </Button>
      </div>
    </form>
  );
}

type RowProps = {
  sortId: string;
  index: number;
  count: number;
  control: Control<Form>;
  register: UseFormRegister<Form>;
  setValue: UseFormSetValue<Form>;
  errors: FieldErrors<Form>;
  people: Record<number, OnboardingUser>;
  onPerson: (user: OnboardingUser) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

function StepRow({ sortId, index, count, control, register, setValue, errors, people, onPerson, onMove, onRemove }: RowProps) {
  const { t } = useTranslation('onboarding');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sortId });
  const step = useWatch({ control, name: `steps.${index}` });
  const stepErrors = errors.steps?.[index];
  const name = step?.title || t('onboarding:process.untitled', { position: index + 1 });
  const days = Number(step?.due_days ?? 0);
  const when = days < 0 ? 'before' : days > 0 ? 'after' : 'on';
  const responsibleType = step?.responsible?.type ?? 'manager';
  const types = RESPONSIBLE_CHOICES.includes(responsibleType as (typeof RESPONSIBLE_CHOICES)[number])
    ? RESPONSIBLE_CHOICES
    : [...RESPONSIBLE_CHOICES, responsibleType];
  const setDays = (amount: number, direction: string) =>
    setValue(`steps.${index}.due_days`, direction === 'on' ? 0 : direction === 'before' ? -Math.abs(amount) : Math.abs(amount), {
      shouldDirty: true,
    });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={t('onboarding:process.step_label', { position: index + 1, name })}
      className={`flex min-w-0 items-start gap-2 rounded-lg border bg-white p-3 shadow-sm ${isDragging ? 'relative z-10 border-brand-500 ring-2 ring-brand-300' : 'border-slate-200'}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        {...attributes}
        {...listeners}
        aria-label={t('onboarding:process.drag', { name, position: index + 1 })}
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <div className="grid min-w-0 flex-1 gap-3 md:grid-cols-2">
        <FormField label={t('onboarding:process.step_title')} required error={stepErrors?.title} className="md:col-span-2">
          {(c) => <Input {...c} autoComplete="off" maxLength={200} {...register(`steps.${index}.title`)} />}
        </FormField>
        <FormField label={t('onboarding:process.kind')} error={stepErrors?.kind}>
          {(c) => (
            <Select {...c} {...register(`steps.${index}.kind`)}>
              {ONBOARDING_STEP_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`onboarding:kinds.${kind}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('onboarding:process.responsible')} error={stepErrors?.responsible?.type}>
          {(c) => (
            <Select {...c} {...register(`steps.${index}.responsible.type`)}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`onboarding:responsible.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {responsibleType === 'user' ? (
          <div className="md:col-span-2">
            <UserPicker
              label={t('onboarding:process.person')}
              required
              value={step?.responsible?.id ?? null}
              current={step?.responsible?.id ? people[step.responsible.id] : null}
              invalid={Boolean(stepErrors?.responsible?.id)}
              onChange={(user) => {
                if (user) onPerson(user);
                setValue(`steps.${index}.responsible.id`, user?.id ?? null, { shouldDirty: true });
              }}
            />
            {stepErrors?.responsible?.id ? (
              <p className="mt-1 text-sm text-red-700">{t('onboarding:process.person_required')}</p>
            ) : null}
          </div>
        ) : null}
        <fieldset className="flex min-w-0 flex-col gap-1.5 md:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('onboarding:process.due')}</legend>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Input
              type="number"
              min={0}
              max={ONBOARDING_DUE_DAYS_MAX}
              className="w-24"
              aria-label={t('onboarding:process.due_days')}
              aria-invalid={Boolean(stepErrors?.due_days) || undefined}
              disabled={when === 'on'}
              value={Math.abs(days)}
              onChange={(e) => setDays(Number(e.target.value) || 0, when === 'on' ? 'after' : when)}
            />
            <Select
              aria-label={t('onboarding:process.due_direction')}
              className="w-56"
              value={when}
              onChange={(e) => setDays(Math.abs(days) || 1, e.target.value)}
            >
              <option value="before">{t('onboarding:process.direction.before')}</option>
              <option value="on">{t('onboarding:process.direction.on')}</option>
              <option value="after">{t('onboarding:process.direction.after')}</option>
            </Select>
            <span className="text-sm text-slate-600">{dueDaysLabel(t, days)}</span>
          </div>
        </fieldset>
        {step?.kind === 'document' ? (
          <FormField label={t('onboarding:process.document_name')} required error={stepErrors?.document_name} className="md:col-span-2">
            {(c) => <Input {...c} autoComplete="off" maxLength={200} {...register(`steps.${index}.document_name`)} />}
          </FormField>
        ) : null}
        {step?.kind === 'email' ? (
          <MailModelField
            value={step.mail_model_id ?? null}
            error={stepErrors?.mail_model_id}
            onChange={(id) => setValue(`steps.${index}.mail_model_id`, id, { shouldDirty: true })}
          />
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        <Button type="button" variant="ghost" size="icon" disabled={index === 0} aria-label={t('onboarding:process.move_up', { name })} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={index === count - 1} aria-label={t('onboarding:process.move_down', { name })} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={t('onboarding:process.remove_step', { name })} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** An e-mail step's model: one of the company's `onboarding` e-mail models, or its default one. */
function MailModelField({ value, error, onChange }: { value: number | null; error: FieldError | undefined; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('onboarding');
  const models = useOnboardingMailModels();
  return (
    <FormField label={t('onboarding:process.mail_model')} error={error} className="md:col-span-2">
      {(c) => (
        <Select {...c} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
          <option value="">{t('onboarding:process.default_model')}</option>
          {(models.data?.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Select>
      )}
    </FormField>
  );
}
