import { useTranslation } from 'react-i18next';
import { Braces } from 'lucide-react';
import { MERGE_FIELDS, type TMailKind } from '@embauche/contracts/mail-models';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

export const mergeToken = (name: string) => `{{${name}}}`;

type Props = {
  /** The kind whose fields are offered (MERGE_FIELDS), unless `fields` names them. */
  kind?: TMailKind;
  /** The fields offered, in order (a signature's: SIGNATURE_MERGE_FIELDS). */
  fields?: readonly string[];
  /** The trigger's accessible name: where the field goes ("Insert a field in the subject"). */
  label: string;
  onPick: (name: string) => void;
  /** Where the focus goes once a field is picked (the subject input), instead of the trigger. */
  focusAfter?: () => HTMLElement | null;
  disabled?: boolean;
  /**
   * The visual editor leaves the text being edited on any mouse press in the page: the picker's
   * presses stop at the app, so that the field goes where the caret is.
   */
  keepEditing?: boolean;
};

/** The merge fields of a kind (MERGE_FIELDS, in the picker's order), named in the user's language. */
export function MergeFieldMenu({
  kind,
  fields,
  label,
  onPick,
  focusAfter,
  disabled,
  keepEditing,
}: Props) {
  const { t } = useTranslation('mail');
  const names = fields ?? (kind ? MERGE_FIELDS[kind] : []);
  const stopMouseDown = keepEditing
    ? (event: { stopPropagation: () => void }) => event.stopPropagation()
    : undefined;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="outline" size="sm" aria-label={label} onMouseDown={stopMouseDown}>
          <Braces aria-hidden="true" />
          {t('mail:editor.insert_field')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        aria-label={t('mail:editor.fields_menu')}
        onMouseDown={stopMouseDown}
        className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          const target = focusAfter?.();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DropdownMenuLabel>{t('mail:editor.fields_menu')}</DropdownMenuLabel>
        {names.map((name) => (
          <DropdownMenuItem
            key={name}
            onSelect={() => onPick(name)}
            className="flex-col items-start gap-0"
          >
            <span>{t(`mail:models.merge_fields.${name}`)}</span>
            <code className="text-xs text-slate-600">{mergeToken(name)}</code>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
