/**
 * The navigation data of the header and the footer's CATEGORIES: one `GET /api/nav` through
 * `useLoader` (kind 'nav': a failure raises the danger toast of the loader's rules).
 * @module
 */
import type { NavResponse } from '../../api/types.ts';
import type { ApiClient } from '../../api/client.ts';
import type { NavLink, StoreConfig, ThemeConfig } from '../../domain/entities.ts';
import type { QueryKey, Read } from '../../hooks/query/index.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useLoader } from '../../hooks/useLoader.ts';

/** The nav call's parameters. */
type NavQuery = { collectionUrlPrefix: string; imagePlacement: string };

function navQuery(storeConfig: Pick<StoreConfig, 'collectionPath'>, themeConfig: Pick<ThemeConfig, 'imagePlacements'>): NavQuery {
  return { collectionUrlPrefix: storeConfig.collectionPath, imagePlacement: themeConfig.imagePlacements.collection.menuImage };
}

const navKey = (query: NavQuery): QueryKey => ['nav', query];

/**
 * The navigation's read (the key and call {@link useNavigation} uses): the server render starts it
 * beside the page's code, so the shell does not wait for it before the page's own reads begin.
 * @example void fetchRead(queryClient, navRead(client, storeConfig, themeConfig));
 */
export function navRead(client: ApiClient, storeConfig: Pick<StoreConfig, 'collectionPath'>, themeConfig: Pick<ThemeConfig, 'imagePlacements'>): Read<NavResponse> {
  const query = navQuery(storeConfig, themeConfig);
  return { key: navKey(query), fetch: (signal) => client.nav(query, { signal }) };
}

/** What {@link useNavigation} returns. */
export interface NavigationApi {
  /** The nav call's links, empty while loading or after a failure. */
  links: NavLink[];
  loading: boolean;
}

/**
 * Loads the main navigation with the configured collection path and the theme's menu image
 * placement. Header and footer each call it; pass `initial` to share one answer.
 *
 * @example const { links } = useNavigation();
 */
export function useNavigation(initial?: NavResponse): NavigationApi {
  const { storeConfig, themeConfig } = useSkimmer();
  const loader = useLoader<NavResponse, NavQuery>({
    kind: 'nav',
    params: navQuery(storeConfig, themeConfig),
    load: (api, query, signal) => api.nav(query, { signal }),
    // one answer in the cache for the header and the footer (and the server render's page)
    key: navKey,
    initialData: initial,
  });
  return { links: loader.data?.navData ?? [], loading: loader.loading };
}
