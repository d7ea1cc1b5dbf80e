import { format, isValid } from 'date-fns';
import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import { LANGUAGES, type Language } from '@embauche/contracts/constants';
import {
  ZNewsItemInput,
  type TNewsAudience,
  type TNewsItem,
  type TNewsItemInput,
} from '@embauche/contracts/news';

/** What the dialog edits: every language's fields (empty ones are left out), local date-times. */
export type NewsFormValues = {
  contents: Record<Language, { title: string; body: string }>;
  audience: TNewsAudience;
  /** The chosen companies with their names, to show them. */
  companies: { id: number; social_reason: string }[];
  countries: string[];
  /** `yyyy-MM-ddTHH:mm` in the browser's time zone (the date-time picker's value). */
  starts_at: string | null;
  ends_at: string | null;
};

const LOCAL = "yyyy-MM-dd'T'HH:mm";

/** An instant as the picker shows it, in the browser's time zone. */
export function toLocal(value: Date | string): string {
  const date = new Date(value);
  return isValid(date) ? format(date, LOCAL) : '';
}

/** A picker's local date-time as an ISO instant; '' when there is none (the schema says which code). */
function toIso(local: string | null): string {
  if (!local) return '';
  const date = new Date(local);
  return isValid(date) ? date.toISOString() : local;
}

/** A language counts as written once it has a title or a body (an empty editor is ''). */
export function isWritten(content: { title: string; body: string } | undefined): boolean {
  return Boolean(content && (content.title.trim() || content.body.trim()));
}

export function defaultNewsValues(item?: TNewsItem, now = new Date()): NewsFormValues {
  const contents = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      { title: item?.contents[lng]?.title ?? '', body: item?.contents[lng]?.body ?? '' },
    ]),
  ) as NewsFormValues['contents'];
  return {
    contents,
    audience: item?.audience ?? 'all',
    companies: item?.companies ?? [],
    countries: item?.countries ?? [],
    starts_at: toLocal(item?.starts_at ?? now),
    ends_at: toLocal(item?.ends_at ?? new Date(now.getTime() + 14 * 24 * 3600 * 1000)),
  };
}

/** The request the values make: written languages only, instants in UTC. */
export function toNewsInput(values: NewsFormValues): unknown {
  return {
    contents: Object.fromEntries(
      LANGUAGES.filter((lng) => isWritten(values.contents[lng])).map((lng) => [
        lng,
        values.contents[lng],
      ]),
    ),
    audience: values.audience,
    company_ids: values.audience === 'companies' ? values.companies.map((c) => c.id) : [],
    countries: values.countries,
    starts_at: toIso(values.starts_at),
    ends_at: toIso(values.ends_at),
  };
}

/** The form's field for a request's field: the chosen companies are shown as `companies`. */
export function formField(path: string): string {
  return path.startsWith('company_ids') ? 'companies' : path;
}

/** Checks the values with the contracts' schema; each issue lands on its field, the first per field. */
export const newsResolver: Resolver<NewsFormValues, unknown, TNewsItemInput> = async (values) => {
  const parsed = ZNewsItemInput.safeParse(toNewsInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<NewsFormValues> = {};
  for (const issue of parsed.error.issues) {
    const path = formField(issue.path.join('.'));
    // `contents` itself (no language written) sits beside the languages' own errors.
    const at = path === 'contents' ? 'contents.root' : path;
    if (!hasError(errors, at)) set(errors, at, { type: 'validation', message: issue.message });
  }
  return { values: {}, errors };
};

function hasError(errors: object, path: string): boolean {
  return (
    path
      .split('.')
      .reduce<unknown>(
        (node, key) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
        errors,
      ) !== undefined
  );
}

/** The languages whose fields hold an error. */
export function languagesWithErrors(errors: FieldErrors<NewsFormValues>): Language[] {
  return LANGUAGES.filter((lng) => errors.contents?.[lng]);
}
