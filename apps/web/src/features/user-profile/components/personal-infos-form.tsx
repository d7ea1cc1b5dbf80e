import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ZPersonalInfosRequest, type TProfile } from '@embauche/contracts/profile';
import { DEFAULT_UPLOAD_MAX_MB } from '@embauche/contracts/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors } from '../../../lib/apply-server-errors.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useUpdatePersonalInfos } from '../api/update-personal-infos.ts';

const MAX_BYTES = DEFAULT_UPLOAD_MAX_MB * 1024 * 1024;

export function photoError(file: File | null | undefined): string | null {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return 'file_type';
  if (file.size > MAX_BYTES) return `file_too_large:${DEFAULT_UPLOAD_MAX_MB}`;
  return null;
}

type Props = {
  profile: TProfile;
  onSaved?: () => void;
  /** Acting as someone: their e-mail, where reset links go, is shown but not changed (issue 33). */
  actingAs?: boolean;
};

export function PersonalInfosForm({ profile, onSaved, actingAs = false }: Props) {
  const { t } = useTranslation(['user_profile', 'errors']);
  const errorMessage = useApiErrorMessage();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(profile.img_src);
  const update = useUpdatePersonalInfos(onSaved);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm({
    resolver: zodResolver(ZPersonalInfosRequest),
    defaultValues: { firstname: profile.firstname, lastname: profile.lastname, email: profile.email },
  });
  const [photoIssue, setPhotoIssue] = useState<string | null>(null);

  const onPhoto = (file: File | undefined) => {
    const issue = photoError(file);
    setPhotoIssue(issue);
    clearErrors();
    if (issue || !file) return;
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };

  const onSubmit = handleSubmit(async (values) => {
    if (photoIssue) return;
    try {
      const saved = await update.mutateAsync({ ...values, img_src: photo });
      setPreview(saved.img_src);
      setPhoto(null);
      toast.success(t('user_profile:saved'));
    } catch (error) {
      const fields = ['firstname', 'lastname', 'email'];
      const codes = (error as { errors?: Record<string, string[]> }).errors?.img_src;
      if (codes?.[0]) setPhotoIssue(codes[0]);
      if (!applyServerErrors(error, setError, fields) && !codes) toast.error(errorMessage(error));
    }
  });

  const name = `${profile.firstname} ${profile.lastname}`;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex items-center gap-5">
        <Avatar src={preview} name={name} className="size-20 text-lg" />
        <FormField
          label={t('user_profile:photo')}
          error={photoIssue ? { type: 'client', message: photoIssue } : undefined}
          hint={t('user_profile:photo_hint', { count: DEFAULT_UPLOAD_MAX_MB })}
          className="flex-1"
        >
          {(control) => (
            <Input {...control} type="file" accept="image/*" onChange={(e) => onPhoto(e.target.files?.[0])} />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t('user_profile:firstname')} error={formState.errors.firstname} required>
          {(control) => <Input {...control} {...register('firstname')} autoComplete="given-name" />}
        </FormField>
        <FormField label={t('user_profile:lastname')} error={formState.errors.lastname} required>
          {(control) => <Input {...control} {...register('lastname')} autoComplete="family-name" />}
        </FormField>
      </div>
      <FormField
        label={t('user_profile:email')}
        error={formState.errors.email}
        hint={actingAs ? t('user_profile:email_acting_as') : undefined}
        required
      >
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" readOnly={actingAs} />}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={formState.isSubmitting}>
          {t('user_profile:save')}
        </Button>
      </div>
    </form>
  );
}
