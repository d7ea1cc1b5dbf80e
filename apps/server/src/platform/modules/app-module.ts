import type { FastifyInstance } from 'fastify';
import type { SummaryProvider } from '../ai/summary-provider.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import type { JobWorker } from '../jobs/jobs.ts';
import type { FileStorage } from '../storage/storage.ts';

/**
 * The services modules share, by name. Each module adds the ones it provides by declaration merging:
 *
 *     declare module '../../platform/modules/app-module.ts' {
 *       interface ProvidedServices { projects: ProjectsService }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ProvidedServices {}

/** What the platform hands every module: configuration, storage, the job worker and the shared services. */
export type ModuleContext = {
  readonly app: FastifyInstance;
  readonly config: Config;
  readonly database: Database;
  readonly files: FileStorage;
  readonly worker: JobWorker;
  readonly sessions: SessionsService;
  /** The configured upload limits, in bytes and in megabytes (for messages). */
  readonly uploads: { maxBytes: number; maxMb: number };
  /** Replaces the summary provider that the configuration picks (tests). */
  readonly summarizer?: SummaryProvider;
  readonly services: ServiceRegistry;
};

/**
 * A feature module: builds its repositories and services, provides those other modules use,
 * registers its jobs and its routes. `app.ts` only lists modules, dependencies first.
 */
export type AppModule = {
  readonly name: string;
  register(context: ModuleContext): Promise<void>;
};

/** Services by name; asking for one that no earlier module provided is a wiring mistake, caught at start. */
export class ServiceRegistry {
  readonly #services = new Map<keyof ProvidedServices, unknown>();

  provide<K extends keyof ProvidedServices>(name: K, service: ProvidedServices[K]): void {
    if (this.#services.has(name)) throw new Error(`Service "${String(name)}" is provided twice.`);
    this.#services.set(name, service);
  }

  get<K extends keyof ProvidedServices>(name: K): ProvidedServices[K] {
    if (!this.#services.has(name)) {
      throw new Error(
        `Service "${String(name)}" is not provided yet: list the module that provides it earlier in app.ts.`,
      );
    }
    return this.#services.get(name) as ProvidedServices[K];
  }
}

/** Declares a module (typed helper). */
export function defineModule(module: AppModule): AppModule {
  return module;
}
