import { defineModule } from '../../platform/modules/app-module.ts';
import { UsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Users administration (issue 16 item 1). */
    users: UsersService;
  }
}

/**
 * Users administration (issue 16 item 1, contracts/users.ts): the list with its filters, pickers,
 * create and update, activation and group levels. Password reset, import, export and mentions
 * live elsewhere (auth, later work, activity feed).
 */
export const usersModule = defineModule({
  name: 'users',
  async register({ app, database, sessions, services }) {
    const service = new UsersService(
      new UsersRepository(database.db),
      sessions,
      services.get('audit'),
      // A created user has no password: a link to choose one, valid for a week.
      (user) => services.get('passwordReset').invite(user),
    );
    services.provide('users', service);
    await app.register(usersRoutes(service), { prefix: '/api' });
  },
});
