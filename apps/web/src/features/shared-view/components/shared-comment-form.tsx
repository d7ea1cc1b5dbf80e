import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FEED_FILES_MAX } from '@embauche/contracts/activity-feed';
import type { ShareType } from '@embauche/contracts/shares';
import { AttachFilesButton } from '../../../components/attach-files-button.tsx';
import { AttachedFileList } from '../../../components/attached-file-list.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { translateErrorCode } from '../../../lib/error-message.ts';
import { UPLOAD_MAX_MB, fileSizeError } from '../../../lib/upload-limit.ts';
import { usePostSharedComment } from '../api/post-shared-comment.ts';
import { COMMENT_FIELDS, ZOutsiderCommentForm, type TOutsiderCommentForm } from '../lib/comment-form.ts';
import { readOutsiderName, rememberOutsiderName } from '../lib/outsider-name.ts';

/** `onSending` when a comment leaves (a previous notice no longer holds), `onPosted` once it is in. */
type Props = { token: string; type: ShareType; onSending: () => void; onPosted: () => void };

/**
 * The outsider's comment: the name they sign with (remembered in this browser), the text, files.
 * Refusals are spelled out: a field's own message, too many comments (429), a link gone (404).
 */
export function SharedCommentForm({ token, type, onSending, onPosted }: Props) {
  const { t } = useTranslation(['shared', 'activityFeed', 'common', 'errors']);
  const id = useId();
  const post = usePostSharedComment(token, type);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TOutsiderCommentForm>({
    resolver: zodResolver(ZOutsiderCommentForm),
    defaultValues: { name: readOutsiderName(), text: '' },
  });
  const { errors } = form.formState;

  const failure = (error: unknown): string | null => {
    if (!isApiError(error)) return t('common:error');
    if (error.status === 429) return error.code === 'too_many_comments' ? t('errors:too_many_comments') : t('errors:too_many_requests');
    if (error.status === 404) return t('shared:view.feed.link_gone');
    if (error.status === 413) return translateErrorCode(t, Object.values(error.errors ?? {}).flat()[0] ?? `file_too_large:${UPLOAD_MAX_MB}`);
    if (applyServerErrors(error, form.setError, COMMENT_FIELDS)) return null;
    const fileCode = Object.entries(error.errors ?? {}).find(([field]) => field.startsWith('files'))?.[1][0];
    if (fileCode) {
      setFilesError(translateErrorCode(t, fileCode));
      return null;
    }
    return error.status === 422 ? t('errors:invalid') : t('common:error');
  };

  // A comment needs a text or a file: said together with the other fields' problems.
  const textMissing = (text: string) => {
    if (text.trim() || files.length) return false;
    form.setError('text', { type: 'required', message: 'field_required' });
    return true;
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    setFilesError(null);
    onSending();
    const text = values.text.trim();
    if (textMissing(text)) return form.setFocus('text');
    if (files.length > FEED_FILES_MAX) return setFilesError(t('activityFeed:composer.too_many_files', { count: FEED_FILES_MAX }));
    const tooLarge = files.map(fileSizeError).find(Boolean);
    if (tooLarge) return setFilesError(translateErrorCode(t, tooLarge));
    try {
      await post.mutateAsync({ name: values.name, text, files });
      rememberOutsiderName(values.name);
      form.reset({ name: values.name, text: '' });
      setFiles([]);
      onPosted();
    } catch (error) {
      setFormError(failure(error));
    }
  }, () => void textMissing(form.getValues('text')));

  const addFiles = (list: FileList | null) => {
    if (!list?.length) return;
    const added = Array.from(list);
    setFiles((current) => [...current, ...added]);
    setFilesError(null);
  };

  return (
    <form noValidate aria-label={t('shared:view.feed.form')} onSubmit={submit} className="flex min-w-0 flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4">
      <FormAlert message={formError} />
      <FormField label={t('shared:view.feed.name')} error={errors.name} required hint={t('shared:view.feed.name_hint')}>
        {(control) => <Input {...control} {...form.register('name')} autoComplete="name" maxLength={200} className="bg-white" />}
      </FormField>
      <FormField label={t('shared:view.feed.text')} error={errors.text} required>
        {(control) => (
          <textarea
            {...control}
            {...form.register('text')}
            rows={4}
            className="min-h-24 w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-invalid:border-red-600"
          />
        )}
      </FormField>
      <AttachedFileList files={files} onRemove={(index) => setFiles((list) => list.filter((_, i) => i !== index))} />
      {filesError ? (
        <p id={`${id}-files-error`} role="alert" className="text-sm text-red-700">
          {filesError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <AttachFilesButton variant="outline" className="bg-white" describedBy={filesError ? `${id}-files-error` : undefined} onFiles={addFiles} />
        <Button type="submit" className="ml-auto" disabled={post.isPending}>
          {t('shared:view.feed.send')}
        </Button>
      </div>
    </form>
  );
}
