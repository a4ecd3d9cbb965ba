/**
 * What other modules ask of the content module: the store's configuration as served (its paths
 * decide product, collection and page addresses for redirects and the sitemap) and the store's name
 * (checkout's pages, mails and packing slips).
 */
import type { Db } from '../../platform/db/database.ts';
import { defaultStoreConfig, type ServedStoreConfig } from './config.ts';
import { createContentRepository, storedSetting } from './repository.ts';
import { SETTING_KEYS } from './seed.ts';

/** The store configuration the storefront is served with (defaults merged with stored settings). */
export async function servedStoreConfig(db: Db): Promise<ServedStoreConfig> {
  return (await createContentRepository(db).config()).storeConfig;
}

/** The store's name (the header), from the stored store configuration, else the default one. */
export async function storeNameOf(db: Db): Promise<string> {
  try {
    const stored = await storedSetting(db, SETTING_KEYS.store);
    const name = stored !== undefined ? (JSON.parse(stored) as { storeName?: unknown }).storeName : undefined;
    if (typeof name === 'string' && name.trim() !== '') return name;
  } catch {
    // a bare test database without content tables
  }
  return defaultStoreConfig().storeName;
}
