/**
 * What other modules ask of the content module: the store's configuration as served (its paths
 * decide product, collection and page addresses for redirects and the sitemap).
 */
import type { Db } from '../../db/database.ts';
import type { ServedStoreConfig } from './config.ts';
import { createContentRepository } from './repository.ts';

/** The store configuration the storefront is served with (defaults merged with stored settings). */
export async function servedStoreConfig(db: Db): Promise<ServedStoreConfig> {
  return (await createContentRepository(db).config()).storeConfig;
}
