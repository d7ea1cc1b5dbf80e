import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

/** A news item of the product's staff (0049, modules/news). */
export interface NewsItemsTable {
  id: Generated<number>;
  /** `all` or `companies` (NEWS_AUDIENCES). */
  audience: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An item's title and sanitised body in one language (0049). */
export interface NewsItemContentsTable {
  news_id: number;
  language: string;
  title: string;
  body: string;
}

/** The companies of an item whose audience is `companies` (0049). */
export interface NewsItemCompaniesTable {
  news_id: number;
  company_id: number;
}

/** The countries an item's audience is restricted to; none: any country (0049). */
export interface NewsItemCountriesTable {
  news_id: number;
  country: string;
}

/** A user who closed an item: it never shows to them again (0049). */
export interface NewsDismissalsTable {
  user_id: number;
  news_id: number;
  dismissed_at: Timestamp;
}

/** The news popup. */
export interface NewsTables {
  news_items: NewsItemsTable;
  news_item_contents: NewsItemContentsTable;
  news_item_companies: NewsItemCompaniesTable;
  news_item_countries: NewsItemCountriesTable;
  news_dismissals: NewsDismissalsTable;
}
