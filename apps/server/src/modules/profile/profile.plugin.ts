import { defineModule } from '../../platform/modules/app-module.ts';
import { ProfileRepository } from './profile.repository.ts';
import { profileRoutes } from './profile.routes.ts';
import { ProfileService } from './profile.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    profile: ProfileService;
  }
}

/** The signed-in user's own profile and settings, under /api/user_profile. */
export const profileModule = defineModule({
  name: 'profile',
  async register({ app, database, sessions, files, uploads, services }) {
    const service = new ProfileService(
      new ProfileRepository(database.db),
      sessions,
      files,
      services.get('audit'),
    );
    services.provide('profile', service);
    await app.register(profileRoutes(service, uploads), { prefix: '/api/user_profile' });
  },
});
