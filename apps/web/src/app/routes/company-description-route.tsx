import { CompanyDescriptionPage } from '../../features/company-settings/components/company-description-page.tsx';
import { LazyRichTextEditor } from '../../features/offers/components/lazy-rich-text-editor.tsx';

/**
 * `/config/joboffers/company-description` (guarded with `config.company_description`): the page
 * edits with the offers' own rich-text editor (loaded when shown), composed here since features
 * do not import each other.
 */
export function CompanyDescriptionRoute() {
  return <CompanyDescriptionPage Editor={LazyRichTextEditor} />;
}
