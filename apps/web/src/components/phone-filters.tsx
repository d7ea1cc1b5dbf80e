import { useState, type ReactNode } from 'react';
import { ListFilter } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../lib/use-media-query.ts';
import { Button } from './ui/button.tsx';
import { Sheet } from './ui/sheet.tsx';

type Props = {
  /** How many filters are set, shown on the button ("Filters (2)"). */
  count: number;
  /** How many results the filters give, when known, for the sheet's closing button. */
  total?: number;
  /** The filter form, as wide screens show it in the page. */
  children: ReactNode;
};

/**
 * On a phone a list's filter form would fill the first screens before any result: it moves into a
 * sheet opened by a "Filters (n)" button, the results right under it. Each change applies at once,
 * as in the page; the sheet's last button shows the results. Wider screens get the form in place.
 */
export function PhoneFilters({ count, total, children }: Props) {
  const { t } = useTranslation('common');
  const phone = useIsMobile();
  const [open, setOpen] = useState(false);
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button variant="outline" className="self-start" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <ListFilter aria-hidden="true" />
        {count ? t('common:filters_sheet.button_count', { count }) : t('common:filters_sheet.button')}
      </Button>
      <Sheet open={open} onOpenChange={setOpen} title={t('common:filters_sheet.title')} side="right" className="w-full max-w-[min(28rem,100vw)]">
        <div className="flex min-h-full flex-col">
          <div className="flex-1 p-3 [&>[role=search]]:border-0 [&>[role=search]]:p-0 [&>[role=search]]:shadow-none">{children}</div>
          <div className="sticky bottom-0 border-t border-slate-200 bg-white p-3">
            <Button className="w-full" onClick={() => setOpen(false)}>
              {total === undefined ? t('common:filters_sheet.show') : t('common:filters_sheet.show_count', { count: total })}
            </Button>
          </div>
        </div>
      </Sheet>
    </>
  );
}
