import { defineModule } from '../../platform/modules/app-module.ts';
import { GroupsRepository } from './groups.repository.ts';
import { groupsRoutes } from './groups.routes.ts';
import { GroupsService } from './groups.service.ts';

/**
 * Groups administration (issue 16 item 2, contracts/groups.ts): list, create, rename, delete and
 * members. A member's level is set by the users module (`PUT /users/groups`); group mentions are
 * found and checked by the activity feed.
 */
export const groupsModule = defineModule({
  name: 'groups',
  async register({ app, database, services }) {
    const service = new GroupsService(new GroupsRepository(database.db), services.get('audit'));
    await app.register(groupsRoutes(service), { prefix: '/api' });
  },
});
