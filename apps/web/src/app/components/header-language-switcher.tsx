import { useQueryClient } from '@tanstack/react-query';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { meQueryKey } from '../../features/auth/api/get-me.ts';
import { useUpdateLanguage } from '../../features/user-profile/api/update-language.ts';

/** Signed in, the chosen language is also saved on the user. */
export function HeaderLanguageSwitcher() {
  const queryClient = useQueryClient();
  const update = useUpdateLanguage(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }));
  return <LanguageSwitcher onChange={(language) => update.mutate(language)} />;
}
