import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import type { TCurrentNews } from '@embauche/contracts/news';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useDismissNews } from '../api/dismiss-news.ts';

/**
 * The current news item in a dialog: its title, its body (HTML the server sanitised, shown as the
 * offers' descriptions are) in the item's language, marked as such for screen readers. However it
 * closes (the button, Escape, the cross, a click outside), it is dismissed: it does not come back.
 */
export function NewsPopup({ item }: { item: TCurrentNews }) {
  const { t } = useTranslation('news');
  const dismiss = useDismissNews();
  const close = () => dismiss.mutate(item.id);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={<span lang={item.language}>{item.title}</span>}
      description={
        <span className="inline-flex items-center gap-1.5 font-medium text-brand-800">
          <Newspaper aria-hidden="true" className="size-4" />
          {t('news:popup.kicker')}
        </span>
      }
      className="max-w-xl"
    >
      <div
        lang={item.language}
        className="prose-offer break-words text-sm text-slate-800"
        dangerouslySetInnerHTML={{ __html: item.body }}
      />
      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">{t('news:popup.hint')}</p>
        <Button onClick={close} className="shrink-0">
          {t('news:popup.close')}
        </Button>
      </div>
    </Dialog>
  );
}
