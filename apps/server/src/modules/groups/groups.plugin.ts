import { defineModule } from '../../platform/modules/app-module.ts';
import { GroupsRepository } from './groups.repository.ts';
import { groupsRoutes } from './groups.routes.ts';
import { GroupsService } from './groups.service.ts';
import { OfferGroupsRepository } from './offer-groups.repository.ts';
import { offerGroupsRoutes } from './offer-groups.routes.ts';
import { OfferGroupsService } from './offer-groups.service.ts';

/**
 * Groups administration (issue 16 item 2, contracts/groups.ts): list, create, rename, delete and
 * members, and the offers granted to groups. A member's level is set by the users module
 * (`PUT /users/groups`); group mentions are found and checked by the activity feed.
 */
export const groupsModule = defineModule({
  name: 'groups',
  async register({ app, database, services }) {
    const repo = new GroupsRepository(database.db);
    const audit = services.get('audit');
    const offerGroups = new OfferGroupsService(
      new OfferGroupsRepository(database.db),
      repo,
      services.get('offers'),
      audit,
    );
    // Before the groups' routes: a walk over the routes (tests) grants before deleting the group.
    await app.register(offerGroupsRoutes(offerGroups), { prefix: '/api' });
    await app.register(groupsRoutes(new GroupsService(repo, audit)), { prefix: '/api' });
  },
});
