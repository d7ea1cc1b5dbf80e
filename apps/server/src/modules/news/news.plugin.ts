import { defineModule } from '../../platform/modules/app-module.ts';
import { NewsRepository } from './news.repository.ts';
import { newsRoutes } from './news.routes.ts';
import { NewsService } from './news.service.ts';

/**
 * The news popup (issue 38 part 5, contracts/news.ts, docs/news-popup.md): the staff's news
 * items (config page `superadmin-section/news-popup`) and each user's current one.
 */
export const newsModule = defineModule({
  name: 'news',
  async register({ app, database, services }) {
    const service = new NewsService(new NewsRepository(database.db), services.get('audit'));
    await app.register(newsRoutes(service), { prefix: '/api' });
  },
});
