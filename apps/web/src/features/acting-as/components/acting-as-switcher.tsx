import { useState } from 'react';
import { UserCog } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TMe } from '@embauche/contracts/auth';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { actingFamilyOf } from '../api/acting-as-keys.ts';
import { ActingAsPanel } from './acting-as-panel.tsx';

/**
 * The header's admin switcher (spec 2, 6): one button opening a dialog with the pickers, which
 * fits a 390 px wide screen. Shown to super and partner administrators only (the real person's
 * flags, so it stays while acting as someone).
 */
export function ActingAsSwitcher({ me }: { me: TMe }) {
  const { t } = useTranslation('actingAs');
  const [open, setOpen] = useState(false);
  const family = actingFamilyOf(me);
  if (!family) return null;
  return (
    <>
      <button
        type="button"
        aria-label={t('actingAs:open')}
        title={t('actingAs:open')}
        onClick={() => setOpen(true)}
        className="inline-flex size-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <UserCog aria-hidden="true" className="size-5" />
      </button>
      {open ? (
        <Dialog open onOpenChange={setOpen} title={t('actingAs:title')} description={t('actingAs:description')}>
          <ActingAsPanel family={family} acting={me.acting_as ?? null} />
        </Dialog>
      ) : null}
    </>
  );
}
