import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Images, Trash2, Upload } from 'lucide-react';
import {
  OFFER_IMAGE_MAX_MB,
  OFFER_IMAGE_MIMES,
  type TOfferImage,
} from '@embauche/contracts/offer-settings';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.tsx';
import { PagedListStates } from '../../../components/paged-list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useApiErrorMessage } from '../../../lib/use-api-error-message.ts';
import { useDeleteOfferImage } from '../api/delete-offer-image.ts';
import { useOfferImages } from '../api/get-offer-images.ts';
import { useUploadOfferImage } from '../api/upload-offer-image.ts';
import { fieldMessages } from './api-error-codes.ts';

/** Confirms deleting an image; refused (409, with the count) while offers show it. */
function ImageDeleteDialog({ image, onClose }: { image: TOfferImage; onClose: () => void }) {
  const { t } = useTranslation(['offer_settings', 'errors']);
  const errorMessage = useApiErrorMessage();
  return (
    <ConfirmDeleteDialog
      remove={useDeleteOfferImage()}
      variables={image.id}
      title={t('offer_settings:images.delete_title', { name: image.filename })}
      description={t('offer_settings:images.delete_description')}
      confirmLabel={t('offer_settings:images.delete_confirm')}
      deleted={t('offer_settings:images.deleted', { name: image.filename })}
      errorText={(error) => fieldMessages(t, error)[0] ?? errorMessage(error)}
      onClose={onClose}
    />
  );
}

/** Config page `joboffers/image-bank` (`config.images_bank`): the pictures offers may show. */
export function ImageBankPage() {
  const { t, i18n } = useTranslation(['offer_settings', 'common', 'errors']);
  const id = useId();
  const [page, setPage] = useState(1);
  const images = useOfferImages(page);
  const upload = useUploadOfferImage();
  const errorMessage = useApiErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TOfferImage | null>(null);
  const onFile = (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    upload.mutate(file, {
      onSuccess: (image) => {
        toast.success(t('offer_settings:images.uploaded', { name: image.filename }));
        setPage(1);
      },
      onError: (error) => setUploadError(fieldMessages(t, error).join(' ') || errorMessage(error)),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <div className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-sm text-slate-700">
        {t('offer_settings:images.intro', { mb: OFFER_IMAGE_MAX_MB })}
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">
          {t('offer_settings:images.upload')}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={OFFER_IMAGE_MIMES.join(',')}
            aria-describedby={uploadError ? `${id}-error` : `${id}-hint`}
            aria-invalid={Boolean(uploadError)}
            disabled={upload.isPending}
            className="max-w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
            onChange={(e) => onFile(e.target.files?.[0])}
          />
          {upload.isPending ? (
            <Spinner label={t('offer_settings:images.uploading')} />
          ) : (
            <Upload aria-hidden="true" className="size-4 text-slate-500" />
          )}
        </div>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('offer_settings:images.hint', { mb: OFFER_IMAGE_MAX_MB })}
        </p>
        {uploadError ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {uploadError}
          </p>
        ) : null}
      </div>
      <PagedListStates
        query={images}
        error={t('offer_settings:error')}
        retry={t('offer_settings:retry')}
        empty={{ icon: Images, title: t('offer_settings:images.empty') }}
        total={(count) => t('offer_settings:images.total', { count })}
        onPage={setPage}
      >
        {(rows) => (
          <ul
            aria-label={t('offer_settings:images.list_label')}
            className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {rows.map((image) => (
              <li
                key={image.id}
                className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
              >
                <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
                  <img
                    src={image.thumbnail_url}
                    alt={image.filename}
                    width={image.thumb_width}
                    height={image.thumb_height}
                    loading="lazy"
                    className="max-h-full max-w-full object-contain"
                  />
                </div>
                <div className="flex flex-col gap-1 p-3">
                  <p className="truncate text-sm font-medium text-slate-900" title={image.filename}>
                    {image.filename}
                  </p>
                  <p className="text-xs text-slate-700">
                    {t('offer_settings:images.size', {
                      width: image.width,
                      height: image.height,
                      bytes: formatBytes(image.size, i18n.language),
                    })}
                  </p>
                  <p className="text-xs text-slate-700">
                    {t('offer_settings:images.used_by', { count: image.offer_count })}
                  </p>
                  <div className="flex justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('offer_settings:images.delete', { name: image.filename })}
                      onClick={() => setDeleting(image)}
                    >
                      <Trash2 aria-hidden="true" />
                      <span aria-hidden="true">{t('offer_settings:images.delete_short')}</span>
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedListStates>
      {deleting ? <ImageDeleteDialog image={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
