import { useState, type DragEvent } from 'react';
import { FileText, Upload, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import type { FieldControlProps } from './form-field.tsx';

type FileDropZoneProps = {
  /** From FormField: the file input gets the field's id, so the field label names it. */
  control: FieldControlProps;
  file: File | null;
  onFileChange: (file: File | null) => void;
  accept?: string;
  disabled?: boolean;
  className?: string;
};

/**
 * A file field that also takes a dropped file. The real file input stays in the tab order (visually
 * hidden inside the zone, which shows its focus ring), so Enter or Space opens the file chooser.
 */
export function FileDropZone({ control, file, onFileChange, accept, disabled, className }: FileDropZoneProps) {
  const { t, i18n } = useTranslation('common');
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFileChange(dropped);
  };
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label
        htmlFor={control.id}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2',
          over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100',
          control['aria-invalid'] && 'border-red-600',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <Upload aria-hidden="true" className="size-5 text-slate-600" />
        <span className="font-medium text-slate-800">{t('common:drop_zone.prompt')}</span>
        <span className="text-xs text-slate-600">{t('common:drop_zone.choose')}</span>
        <input
          {...control}
          type="file"
          accept={accept}
          disabled={disabled}
          className="sr-only"
          onChange={(event) => {
            onFileChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </label>
      {file ? (
        <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
          <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{file.name}</span>
          <span className="shrink-0 text-slate-600">{formatBytes(file.size, i18n.language)}</span>
          <button
            type="button"
            disabled={disabled}
            aria-label={t('common:drop_zone.remove', { name: file.name })}
            onClick={() => onFileChange(null)}
            className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
