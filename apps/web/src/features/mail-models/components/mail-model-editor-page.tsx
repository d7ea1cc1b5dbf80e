import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { LANGUAGES } from '@embauche/contracts/constants';
import { MAIL_KINDS, type TMailKind } from '@embauche/contracts/mail-models';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { toLanguage } from '../../../lib/language.ts';
import { useMailModel } from '../api/get-mail-model.ts';
import { formValuesOf, newFormValues } from '../lib/mail-model-form.ts';
import { skeletonIn } from '../lib/mail-skeleton.ts';
import { MAIL_MODELS_BASE, MailModelEditor } from './mail-model-editor.tsx';

/** The kind in the address (`?kind=refusal`); a free e-mail when it names none. */
function useKindParam(): TMailKind {
  const [params] = useSearchParams();
  const kind = params.get('kind');
  return MAIL_KINDS.find((value) => value === kind) ?? 'free';
}

function BackLink({ base }: { base: string }) {
  const { t } = useTranslation('mail');
  return (
    <Button variant="link" asChild className="h-auto self-start px-0">
      <Link to={base}>
        <ArrowLeft aria-hidden="true" />
        {t('mail:editor.back')}
      </Link>
    </Button>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/** A new model of the kind in the address (`?kind=refusal`), started in the interface's language. */
function NewModel({ userEmail, base, fixedKind }: { userEmail: string; base: string; fixedKind: TMailKind | undefined }) {
  const { i18n } = useTranslation('mail');
  const kindParam = useKindParam();
  const kind = fixedKind ?? kindParam;
  const language = toLanguage(i18n.language);
  const skeleton = useQuery({
    queryKey: ['mail-skeleton', language, kind],
    queryFn: () => skeletonIn(i18n, language, kind),
    staleTime: Infinity,
  });
  if (!skeleton.data) return <Loading />;
  return (
    <MailModelEditor
      key={kind}
      initial={newFormValues(kind, language, { subject: '', mjml: skeleton.data })}
      startLanguage={language}
      userEmail={userEmail}
      base={base}
    />
  );
}

/** A saved model, French tab first unless only other languages are written. */
function SavedModel({ id, userEmail, base }: { id: number; userEmail: string; base: string }) {
  const { t } = useTranslation('mail');
  const model = useMailModel(id);
  if (model.isPending) return <Loading />;
  if (model.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorStatus(model.error) === 404
          ? t('mail:editor.not_found')
          : t('mail:editor.load_error')}
      </p>
    );
  const initial = formValuesOf(model.data);
  const first = LANGUAGES.find((lng) => initial.contents[lng]) ?? 'fr';
  return (
    <MailModelEditor
      key={model.data.id}
      model={model.data}
      initial={initial}
      startLanguage={first}
      userEmail={userEmail}
      base={base}
    />
  );
}

/**
 * Config pages `emails/model/new?kind=…` and `emails/model/{id}` (`config.emails`), under the
 * models' menu entry: the model editor.
 */
export function MailModelEditorPage({
  userEmail,
  kind,
  base = MAIL_MODELS_BASE,
}: {
  userEmail: string;
  /** A new model's kind, whatever the address says (the onboarding templates page). */
  kind?: TMailKind | undefined;
  /** The models' page (back link, a saved new model's address). */
  base?: string | undefined;
}) {
  const { t } = useTranslation('mail');
  const params = useParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <BackLink base={base} />
      {params.id === undefined ? (
        <NewModel userEmail={userEmail} base={base} fixedKind={kind} />
      ) : id === null ? (
        <p role="alert" className="text-sm text-red-700">
          {t('mail:editor.not_found')}
        </p>
      ) : (
        <SavedModel id={id} userEmail={userEmail} base={base} />
      )}
    </div>
  );
}
