import { lazy, Suspense } from 'react';
import { useCurrentNews } from '../api/get-current-news.ts';

// The dialog's code (and its translations) load only when there is an item to show.
const NewsPopup = lazy(() => import('./news-popup.tsx').then((m) => ({ default: m.NewsPopup })));

/**
 * The news popup's place in the signed-in shell (issue 38 part 5): asks once per load of the app
 * for the user's current item and shows it; nothing at all when there is none.
 */
export function NewsPopupSlot() {
  const current = useCurrentNews();
  if (!current.data) return null;
  return (
    <Suspense fallback={null}>
      <NewsPopup key={current.data.id} item={current.data} />
    </Suspense>
  );
}
