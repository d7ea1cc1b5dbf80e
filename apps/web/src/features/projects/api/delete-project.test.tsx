import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../../../test/server.ts';
import { useDeleteProject } from './delete-project.ts';
import { projectTreeQueryOptions } from './get-project-tree.ts';

describe('useDeleteProject', () => {
  it('never asks again for the deleted project shown on screen, then reloads the other trees once it is gone', async () => {
    const asked: string[] = [];
    server.use(
      http.delete('*/api/projects/21', () => new HttpResponse(null, { status: 204 })),
      http.get('*/api/projects/:id/tree', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({ id: params.id, name: 'x', type: 1, parent_id: null, children: [], all_ids: [] });
      }),
      http.get('*/api/projects', () => HttpResponse.json([])),
      http.get('*/api/projects/parents', () => HttpResponse.json([])),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(projectTreeQueryOptions(21).queryKey, { id: 21 } as never);
    queryClient.setQueryData(projectTreeQueryOptions('all').queryKey, { id: 'all' } as never);
    // The deleted project's screen and the projects page's tree are both shown.
    const shown = new QueryObserver(queryClient, projectTreeQueryOptions(21)).subscribe(() => undefined);
    const all = new QueryObserver(queryClient, projectTreeQueryOptions('all')).subscribe(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useDeleteProject(), { wrapper });
    await act(() => result.current.mutateAsync(21));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    // Its screen goes away (the layout navigates): its tree leaves the cache, the others reload.
    shown();
    await waitFor(() => expect(asked).toEqual(['all']));
    expect(queryClient.getQueryCache().find({ queryKey: projectTreeQueryOptions(21).queryKey })).toBeUndefined();
    all();
  });
});
