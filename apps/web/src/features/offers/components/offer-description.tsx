import { useTranslation } from 'react-i18next';

/** The description as the server sanitised it (an allow-list of tags), so it is rendered as HTML. */
export function OfferDescription({ html }: { html: string | null }) {
  const { t } = useTranslation('projects');
  if (!html) return <p className="text-sm text-slate-600">{t('projects:details.no_description')}</p>;
  return <div className="prose-offer text-sm text-slate-800" dangerouslySetInnerHTML={{ __html: html }} />;
}
