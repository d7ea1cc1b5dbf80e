import { MailModelEditorPage } from '../../features/mail-models/components/mail-model-editor-page.tsx';
import { useCurrentUser } from '../session/use-current-user.ts';

/**
 * `/config/emails/model/new?kind=…` and `/config/emails/model/{id}`, inside the config layout under
 * the models' entry (config-routes.tsx guards them with `config.emails`). A test is sent to the
 * signed-in user's own address.
 */
export function MailModelRoute() {
  const me = useCurrentUser();
  return <MailModelEditorPage userEmail={me.email} />;
}

/** `/config/onboarding/mail-templates/new` and `/{id}`: the model editor for an `onboarding` model. */
export function OnboardingMailModelRoute() {
  const me = useCurrentUser();
  return <MailModelEditorPage userEmail={me.email} kind="onboarding" base="/config/onboarding/mail-templates" />;
}
