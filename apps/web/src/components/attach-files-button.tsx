import { Paperclip } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CV_MIMES } from '@embauche/contracts/applicants';
import { cn } from '../lib/cn.ts';
import { buttonVariants } from './ui/button.tsx';

/** The files a comment may carry: the CV types and common document and picture formats. */
export const ATTACHMENT_ACCEPT = [...CV_MIMES, '.pdf', '.doc', '.docx', '.odt', '.rtf', '.txt', '.jpg', '.jpeg', '.png'].join(',');

type Props = {
  onFiles: (files: FileList | null) => void;
  variant?: 'ghost' | 'outline';
  className?: string;
  /** The id of a message about the chosen files (an error). */
  describedBy?: string;
};

/** "Attach": a button-looking label around a hidden multiple file input; the same file may be chosen again. */
export function AttachFilesButton({ onFiles, variant = 'ghost', className, describedBy }: Props) {
  const { t } = useTranslation('activityFeed');
  return (
    <label className={cn(buttonVariants({ variant, size: 'sm' }), 'cursor-pointer focus-within:ring-2 focus-within:ring-brand-500', className)}>
      <Paperclip aria-hidden="true" />
      {t('activityFeed:composer.attach')}
      <input
        type="file"
        multiple
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        aria-describedby={describedBy}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
    </label>
  );
}
