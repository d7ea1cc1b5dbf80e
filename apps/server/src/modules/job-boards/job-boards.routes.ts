import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '@embauche/contracts/ids';
import { ZCompanyJobBoard, ZCompanyJobBoardUpdate } from '@embauche/contracts/job-boards';
import { requireAccess } from '../../platform/auth/access.ts';
import type { JobBoardsService } from './job-boards.service.ts';

/** The config page `jobboards/list` (spec 2): every route needs `config.jobboards_list`. */
export function jobBoardsRoutes(service: JobBoardsService) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const config = { access: 'config.jobboards_list' } as const;
    app.get(
      '/config/jobboards',
      { config, schema: { response: { 200: z.array(ZCompanyJobBoard) } } },
      async (request) => service.list(requireAccess(request)),
    );
    app.put(
      '/config/jobboards/:id',
      {
        config,
        schema: {
          params: z.object({ id: ZIdParam }),
          body: ZCompanyJobBoardUpdate,
          response: { 200: ZCompanyJobBoard },
        },
      },
      async (request) => service.update(requireAccess(request), request.params.id, request.body),
    );
  };
}
