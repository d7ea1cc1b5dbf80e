import type { i18n } from 'i18next';
import type { Language } from '@embauche/contracts/constants';
import { MERGE_FIELDS, type TMailKind } from '@embauche/contracts/mail-models';

/** The text style every block of a new model carries (no web font: nothing is fetched from a CDN). */
export const MAIL_TEXT_ATTRIBUTES =
  'font-family="Arial, Helvetica, sans-serif" font-size="15px" line-height="1.6" color="#1e293b"';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type SkeletonTexts = { greeting: string; body: string; closing: string };

/**
 * A new language's MJML: one white section on a light background with a greeting to the
 * candidate, a paragraph to write and a signature, in the language's own words.
 */
export function mailSkeleton(kind: TMailKind, texts: SkeletonTexts): string {
  const signature = MERGE_FIELDS[kind].includes('sender.fullname')
    ? '{{sender.fullname}}<br />{{company.name}}'
    : '{{company.name}}';
  const text = (inner: string) => `        <mj-text ${MAIL_TEXT_ATTRIBUTES}>${inner}</mj-text>`;
  return [
    '<mjml>',
    '  <mj-body background-color="#f1f5f9">',
    '    <mj-section background-color="#ffffff" padding="24px 16px">',
    '      <mj-column>',
    text(escapeXml(texts.greeting)),
    text(escapeXml(texts.body)),
    text(`${escapeXml(texts.closing)}<br />${signature}`),
    '      </mj-column>',
    '    </mj-section>',
    '  </mj-body>',
    '</mjml>',
  ].join('\n');
}

/**
 * The skeleton in `language`, whatever the interface's language: its texts come from that
 * language's `mail` translations, fetched first when this browser does not have them yet.
 */
export async function skeletonIn(i18n: i18n, language: Language, kind: TMailKind): Promise<string> {
  if (!i18n.hasResourceBundle(language, 'mail')) await i18n.reloadResources([language], ['mail']);
  const t = i18n.getFixedT(language, 'mail');
  return mailSkeleton(kind, {
    greeting: t('mail:models.skeleton.greeting', { firstname: '{{candidate.firstname}}' }),
    body: t('mail:models.skeleton.body'),
    closing: t('mail:models.skeleton.closing'),
  });
}
