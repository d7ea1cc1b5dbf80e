import { defineModule } from '../../platform/modules/app-module.ts';
import { UserExportService } from './user-export.service.ts';
import { UserImportRepository } from './user-import.repository.ts';
import { userImportRoutes } from './user-import.routes.ts';
import { USER_IMPORT_JOB, UserImportService, type UserImportJob } from './user-import.service.ts';
import { UsersRepository } from './users.repository.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService, type UserCreatedHook } from './users.service.ts';

declare module '../../platform/modules/app-module.ts' {
  interface ProvidedServices {
    /** Users administration (issue 16 item 1). */
    users: UsersService;
  }
}

/**
 * Users administration (issue 16 item 1, contracts/users.ts, contracts/user-import.ts): the list
 * with its filters, pickers, create and update, activation, group levels, export and import (its
 * background job). Password reset and mentions live elsewhere (password-reset, groups).
 */
export const usersModule = defineModule({
  name: 'users',
  async register({ app, database, sessions, services, worker }) {
    const repo = new UsersRepository(database.db, database.dialect);
    const audit = services.get('audit');
    // A created user has no password: a link to choose one, valid for a week.
    const invite: UserCreatedHook = (user) => services.get('passwordReset').invite(user);
    const companySettings = services.get('companySettings');
    const service = new UsersService(
      repo,
      sessions,
      audit,
      services.get('subsidiaries'),
      invite,
      (companyId) => companySettings.defaultLanguage(companyId),
    );
    services.provide('users', service);
    const imports = new UserImportService(
      new UserImportRepository(database.db),
      database.dialect,
      async (companyId) => ({
        ...(await repo.choices(companyId)),
        defaultLanguage: await companySettings.defaultLanguage(companyId),
      }),
      audit,
      // The invitations go in the import's transaction, in bulk: all of them or none.
      (trx, users) => services.get('passwordReset').inviteAll(trx, users),
    );
    worker.register<UserImportJob>(USER_IMPORT_JOB, (payload) => imports.run(payload));
    await app.register(usersRoutes(service), { prefix: '/api' });
    await app.register(
      userImportRoutes(
        new UserExportService(repo, audit, (companyId) =>
          services.get('companySettings').timeZone(companyId),
        ),
        imports,
        services.get('profile'),
      ),
      { prefix: '/api' },
    );
  },
});
