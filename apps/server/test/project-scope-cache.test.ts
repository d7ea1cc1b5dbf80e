import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/platform/auth/auth-context.ts';
import type { ProjectsRepository } from '../src/modules/projects/projects.repository.ts';
import { ProjectsService } from '../src/modules/projects/projects.service.ts';
import type { SubsidiariesService } from '../src/modules/subsidiaries/subsidiaries.service.ts';

/**
 * A request reads the project tree once (issue 11): the services that each need the user's scope
 * (the offer's check, the offers the user sees…) share the one read for the request's auth
 * context, which every request builds anew; a change to the projects made by the request drops it.
 */
describe('project scope of a request', () => {
  const now = '2026-01-01T00:00:00.000Z';
  const rows = [
    {
      id: 1,
      parent_id: null,
      name: 'Folder',
      type: 0,
      subsidiary_id: null,
      documents_enabled: true,
      created_at: now,
      updated_at: now,
    },
    {
      id: 2,
      parent_id: 1,
      name: 'Leaf',
      type: 1,
      subsidiary_id: null,
      documents_enabled: true,
      created_at: now,
      updated_at: now,
    },
  ];
  function setup() {
    const reads = { tree: 0, grants: 0 };
    const repo = {
      all: async () => {
        reads.tree++;
        return rows;
      },
      favoriteIds: async () => [],
      grantedProjectIds: async () => {
        reads.grants++;
        return [1];
      },
      addFavorite: async () => undefined,
    } as unknown as ProjectsRepository;
    const service = new ProjectsService(repo, {} as SubsidiariesService);
    return { reads, service };
  }
  const auth = (permissions: string[]): AuthContext => ({
    sessionId: 's',
    userId: 1,
    companyId: 1,
    roleId: 1,
    superAdmin: false,
    partnerAdmin: false,
    permissions: new Set(permissions),
  });

  it('is read once per request for a user without project.see_all', async () => {
    const { reads, service } = setup();
    const request = auth([]);
    const [a, b] = await Promise.all([service.scope(request), service.scope(request)]);
    const c = await service.scope(request, { withForest: false });
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect([...a.visible].sort()).toEqual([1, 2]);
    expect(reads).toEqual({ tree: 1, grants: 1 });
    // The next request (a new auth context) reads again.
    await service.scope(auth([]));
    expect(reads).toEqual({ tree: 2, grants: 2 });
  });

  it('serves the lighter scope from the full one, never the other way round', async () => {
    const { reads, service } = setup();
    const request = auth(['project.see_all']);
    const light = await service.scope(request, { withForest: false });
    expect(light.forest.byId.size).toBe(0);
    expect(reads.tree).toBe(0);
    const full = await service.scope(request);
    expect(full.forest.byId.size).toBe(2);
    expect(await service.scope(request, { withForest: false })).toBe(full);
    expect(reads.tree).toBe(1);
  });

  it('is read again after the request changes the projects', async () => {
    const { reads, service } = setup();
    const request = auth([]);
    await service.scope(request);
    await service.setFavorite(request, 2, true);
    await service.scope(request);
    expect(reads.tree).toBe(2);
  });
});
