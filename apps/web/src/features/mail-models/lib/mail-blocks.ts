import type { LucideIcon } from 'lucide-react';
import { Columns2, Minus, MoveVertical, RectangleHorizontal, Rows3, Type } from 'lucide-react';
import { MAIL_TEXT_ATTRIBUTES } from './mail-skeleton.ts';

export type MailBlockId = 'section' | 'columns' | 'text' | 'button' | 'divider' | 'spacer';

export type MailBlock = {
  id: MailBlockId;
  icon: LucideIcon;
  /** A section goes into the body; an element into a column. */
  level: 'section' | 'element';
  content: (texts: { text: string; button: string }) => string;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const text = (value: string) => `<mj-text ${MAIL_TEXT_ATTRIBUTES}>${escapeXml(value)}</mj-text>`;

/**
 * The blocks the editor offers, in the skeleton's style: plain text, a button in the app's colour
 * (white on indigo, 8:1), a divider and a space; no image fetched from elsewhere.
 */
export const MAIL_BLOCKS: MailBlock[] = [
  {
    id: 'section',
    icon: Rows3,
    level: 'section',
    content: (texts) =>
      `<mj-section background-color="#ffffff" padding="16px"><mj-column>${text(texts.text)}</mj-column></mj-section>`,
  },
  {
    id: 'columns',
    icon: Columns2,
    level: 'section',
    content: (texts) =>
      `<mj-section background-color="#ffffff" padding="16px"><mj-column>${text(texts.text)}</mj-column><mj-column>${text(texts.text)}</mj-column></mj-section>`,
  },
  { id: 'text', icon: Type, level: 'element', content: (texts) => text(texts.text) },
  {
    id: 'button',
    icon: RectangleHorizontal,
    level: 'element',
    content: (texts) =>
      `<mj-button background-color="#4338ca" color="#ffffff" font-family="Arial, Helvetica, sans-serif" font-size="15px" border-radius="6px">${escapeXml(texts.button)}</mj-button>`,
  },
  {
    id: 'divider',
    icon: Minus,
    level: 'element',
    content: () => '<mj-divider border-color="#cbd5e1" border-width="1px" />',
  },
  {
    id: 'spacer',
    icon: MoveVertical,
    level: 'element',
    content: () => '<mj-spacer height="24px" />',
  },
];
