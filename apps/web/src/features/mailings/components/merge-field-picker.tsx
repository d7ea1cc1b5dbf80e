import { Braces } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MERGE_FIELDS } from '@embauche/contracts/mail-models';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

type Props = {
  /** The trigger's accessible name: where the field goes ("Insert a field in the subject"). */
  label: string;
  onPick: (token: string) => void;
  /** The field the token went into: the focus returns there (at the token's end) instead of the trigger. */
  focusAfter: () => void;
};

/** The merge fields of a free e-mail (MERGE_FIELDS.free, in the picker's order), named in the user's language. */
export function MergeFieldPicker({ label, onPick, focusAfter }: Props) {
  const { t } = useTranslation(['multicast', 'mail']);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label} title={label}>
          <Braces aria-hidden="true" />
          {t('mail:editor.insert_field')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        aria-label={t('mail:editor.fields_menu')}
        className="max-h-[min(24rem,var(--radix-dropdown-menu-content-available-height))] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusAfter();
        }}
      >
        <DropdownMenuLabel>{t('mail:editor.fields_menu')}</DropdownMenuLabel>
        {MERGE_FIELDS.free.map((name) => (
          <DropdownMenuItem
            key={name}
            onSelect={() => onPick(`{{${name}}}`)}
            className="flex-col items-start gap-0"
          >
            <span>{t(`mail:models.merge_fields.${name}`)}</span>
            <code className="text-xs text-slate-600">{`{{${name}}}`}</code>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
