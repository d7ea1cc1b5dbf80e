import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronDown, Plus } from 'lucide-react';
import { MAIL_KINDS } from '@embauche/contracts/mail-models';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';

/** "New template": a menu of the kinds, each opening the editor for a model of that kind. */
export function NewMailModelMenu() {
  const { t } = useTranslation('mail');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t('mail:models.new')}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label={t('mail:models.new_kind')}>
        <DropdownMenuLabel>{t('mail:models.new_kind')}</DropdownMenuLabel>
        {MAIL_KINDS.map((kind) => (
          <DropdownMenuItem key={kind} asChild>
            <Link to={`/config/emails/model/new?kind=${kind}`}>
              {t(`mail:models.kinds.${kind}`)}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
