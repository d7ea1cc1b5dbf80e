import type { TRecipientSelectionInput } from '@embauche/contracts/application-selection';

/**
 * "All that match" (issue 42 part 2): the e-mail or SMS goes to a list's whole filtered set,
 * resolved on the server (`selection`), not to the rows the browser loaded; `count` is how many the
 * user was shown (the dialogs say it, the server checks it).
 */
export type RecipientSelectionTarget = { selection: TRecipientSelectionInput; count: number };
