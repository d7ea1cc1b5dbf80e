import { defineModule } from '../../platform/modules/app-module.ts';
import { OnboardingConfigRepository } from './onboarding-config.repository.ts';
import { onboardingConfigRoutes } from './onboarding-config.routes.ts';
import { OnboardingConfigService } from './onboarding-config.service.ts';
import { OnboardingRepository } from './onboarding.repository.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { OnboardingService } from './onboarding.service.ts';
import {
  ONBOARDING_SWEEP_EVERY_MS,
  ONBOARDING_SWEEP_TASK,
  sweepOnboardings,
} from './onboarding-sweeps.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Onboarding (issue 41): processes, statuses, onboardings and their tasks. */
    onboarding: OnboardingService;
  }
}

/**
 * Onboarding of recruited people (issue 41, contracts/onboarding.ts, docs/onboarding.md). Listed
 * after the applicants, applications, e-mail models and notifications modules it uses.
 */
export const onboardingModule = defineModule({
  name: 'onboarding',
  async register({ app, database, services, worker }) {
    const config = new OnboardingConfigService(new OnboardingConfigRepository(database.db));
    const service = new OnboardingService(
      new OnboardingRepository(database.db),
      config,
      services.get('applications'),
    );
    services.provide('onboarding', service);
    const deps = {
      service,
      models: services.get('mailModels'),
      documents: () => services.get('documentRequests'),
      notifications: () => services.get('notifications'),
    };
    worker.every(ONBOARDING_SWEEP_TASK, ONBOARDING_SWEEP_EVERY_MS, (now) =>
      sweepOnboardings(deps, now),
    );
    await app.register(onboardingConfigRoutes(config), { prefix: '/api' });
    await app.register(onboardingRoutes(service), { prefix: '/api' });
  },
});
