import { MERGE_FIELD_PATTERN } from '@embauche/contracts/mail-models';
import { escapeHtml } from './escape-html.ts';

/** Values of merge fields by name (`candidate.firstname`); a field without one is left empty. */
export type MergeValues = Record<string, string | null | undefined>;

/**
 * A model's subject, HTML or text with its merge fields (`{{group.name}}`) replaced: in the HTML
 * each value is escaped (a name such as `<b>x</b>` reads as text, in an element or an attribute),
 * in the subject line breaks become spaces (no header injection), the text takes them as they are.
 */
export function fillMergeFields(
  template: string,
  values: MergeValues,
  part: 'subject' | 'html' | 'text',
): string {
  return template.replace(MERGE_FIELD_PATTERN, (_, name: string) => {
    const value = values[name] ?? '';
    if (part === 'html') return escapeHtml(value);
    if (part === 'subject') return value.replace(/[\r\n]+/g, ' ');
    return value;
  });
}

type Person = { firstname: string; lastname: string };

/** The `candidate.*` merge fields of the person written to: first, last and full name. */
export function candidateValues(person: Person): MergeValues {
  return {
    'candidate.firstname': person.firstname,
    'candidate.lastname': person.lastname,
    'candidate.fullname': `${person.firstname} ${person.lastname}`.trim(),
  };
}

/** The `sender.*` merge fields of the user who sends; none when there is no such user. */
export function senderValues(user: (Person & { email: string }) | null | undefined): MergeValues {
  if (!user) return {};
  return {
    'sender.firstname': user.firstname,
    'sender.lastname': user.lastname,
    'sender.fullname': `${user.firstname} ${user.lastname}`,
    'sender.email': user.email,
  };
}
