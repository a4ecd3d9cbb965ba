/**
 * The navigation data of the header and the footer's CATEGORIES: one `GET /api/nav` through
 * `useLoader` (kind 'nav': a failure raises the danger toast of the loader's rules).
 * @module
 */
import type { NavResponse } from '../../api/types.ts';
import type { NavLink } from '../../domain/entities.ts';
import { useSkimmer } from '../../hooks/context.ts';
import { useLoader } from '../../hooks/useLoader.ts';

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
  const loader = useLoader<NavResponse, { collectionUrlPrefix: string; imagePlacement: string }>({
    kind: 'nav',
    params: { collectionUrlPrefix: storeConfig.collectionPath, imagePlacement: themeConfig.imagePlacements.collection.menuImage },
    load: (api, query, signal) => api.nav(query, { signal }),
    initialData: initial,
  });
  return { links: loader.data?.navData ?? [], loading: loader.loading };
}
