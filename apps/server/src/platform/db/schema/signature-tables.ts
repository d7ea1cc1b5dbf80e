import type { Timestamp } from './column-types.ts';

/** The company's e-mail signature in one language (migration 0051, modules/mail-models). */
export interface MailCompanySignaturesTable {
  company_id: number;
  language: string;
  mjml: string;
  html: string;
  text: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A user's own e-mail signature in one language, in their company (0051). */
export interface MailUserSignaturesTable {
  user_id: number;
  company_id: number;
  language: string;
  mjml: string;
  html: string;
  text: string;
  updated_at: Timestamp;
}

export interface SignatureTables {
  mail_company_signatures: MailCompanySignaturesTable;
  mail_user_signatures: MailUserSignaturesTable;
}
