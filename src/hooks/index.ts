/**
 * skimmer/hooks: React adapters over `skimmer/machines`.
 *
 * Mount `SkimmerProvider` once with an API client, the store and theme configuration and,
 * optionally, an environment (storage, viewport, geolocation, sockets, analytics, captcha,
 * navigation) that replaces the browser defaults. Each hook creates its actor once, reads it
 * with selectors and returns derived state plus actions; disabled states come from the machines.
 * Nothing touches `window` at import time. See docs/hooks.md. The address book and new-address
 * hooks are in `skimmer/hooks/address` (they bring the phone and postcode libraries).
 * @module
 */
export * from './SkimmerProvider.tsx';
export * from './SharedActorsProvider.tsx';
export * from './environment.ts';
export * from './toast-store.ts';
export * from './useToasts.ts';
export * from './useAuth.ts';
export * from './useCart.ts';
export * from './useShippingZip.ts';
export * from './useShippingEstimate.ts';
export * from './useCartShipping.ts';
export * from './useCartLine.ts';
export * from './useQuickAdd.ts';
export * from './useQuantityInput.ts';
export * from './useProductPage.ts';
export * from './useSearchBox.ts';
export * from './useSearchResults.ts';
export * from './useCollection.ts';
export * from './useRecentlyViewed.ts';
export * from './useExitIntent.ts';
export * from './useNewsletter.ts';
export * from './useWallet.ts';
export * from './useOrders.ts';
export * from './useOrder.ts';
export * from './useRecoveryEmail.ts';
export * from './useSignIn.ts';
export * from './useSignedInGate.ts';
export * from './useAccountClient.ts';
export * from './useCaptchaScript.ts';
export * from './useMobileLayout.ts';
export * from './usePageViews.ts';
export * from './useVisitTracking.ts';
export * from './useCarousel.ts';
export * from './useLoader.ts';
export * from './useHomeGrid.ts';
export * from './useBlogCarousel.ts';
export * from './usePrefetch.ts';
export * from './useContent.ts';
export * from './useContentIndexes.ts';
export * from './useContentClient.ts';
export * from './useProductQuestions.ts';
export * from './usePdfDownload.ts';
export * from './useQuickOrder.ts';
export * from './useEquipment.ts';
export * from './useEquipmentSearch.ts';
export * from './useDiagramExplorer.ts';
export * from './useMyEquipment.ts';
