import { SubscriptionPage } from '../../features/company-settings/components/subscription-page.tsx';

/** `/config/account-infos/subscription`, inside the config layout (guarded with `config.account`). */
export function AccountSubscriptionRoute() {
  return <SubscriptionPage />;
}
