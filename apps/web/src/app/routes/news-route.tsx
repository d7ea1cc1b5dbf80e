import { NewsPage } from '../../features/news/components/news-page.tsx';
import { LazyRichTextEditor } from '../../features/offers/components/lazy-rich-text-editor.tsx';

/**
 * `/config/superadmin-section/news-popup` (guarded with `user.super_admin`): the news items, written
 * with the offers' own rich-text editor (loaded when a dialog opens), composed here since features
 * do not import each other.
 */
export function NewsRoute() {
  return <NewsPage Editor={LazyRichTextEditor} />;
}
