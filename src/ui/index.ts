/**
 * skimmer/ui: the storefront's React views over `skimmer/hooks`.
 *
 * Thin components that render a hook's state and send its events: the shop chrome (header,
 * search box, cart overlay, toasts, footer), the catalogue (cards, grid, prices, pagination,
 * quantity input), the product page's parts, the account, orders, wallet and content views.
 * They hold no business rule. Mount them under `SkimmerProvider` from `skimmer/hooks`.
 *
 * The views carry no stylesheet import of their own in the package: import the stylesheet once
 * at the root of your app, `import 'skimmer/ui/styles.css'` (the package declares its CSS files
 * as side effects, so a bundler keeps that import). The 3D model viewer is not a dependency: pass
 * `loadModelViewer={() => import('@google/model-viewer')}` where you want it (an optional peer).
 * The address book and form are in `skimmer/ui/address` (they bring the phone and postcode
 * libraries).
 * @module
 */
export * from './shell/index.ts';
export { default as CartPanel } from './shell/CartPanel.tsx';
export { default as AccountMenuItems } from './shell/AccountMenuItems.tsx';

export * from './catalog/CatalogLink.tsx';
export * from './catalog/Pagination.tsx';
export * from './catalog/PriceTag.tsx';
export * from './catalog/ProductCard.tsx';
export * from './catalog/ProductGrid.tsx';
export * from './catalog/ProductSlider.tsx';
export * from './catalog/QuantityInput.tsx';
export * from './catalog/QuickView.tsx';
export * from './catalog/QuickViewOverlay.tsx';
export * from './catalog/ResponsiveImage.tsx';
export * from './catalog/SearchSidebar.tsx';
export * from './catalog/Skeletons.tsx';
export * from './catalog/SortSelect.tsx';
export * from './catalog/StarRating.tsx';

export * from './product/LazySection.tsx';
export * from './product/ModelViewer.tsx';
export * from './product/PdfCard.tsx';
export * from './product/ProductGallery.tsx';
export * from './product/ProductRecommendations.tsx';
export * from './shell/PageHead.tsx';
export * from './product/ProductTabs.tsx';
export { default as MediaViewer } from './product/MediaViewer.tsx';
export type { MediaViewerProps } from './product/MediaViewer.tsx';
export { default as PdfPane } from './product/PdfPane.tsx';
export { default as ProductQuestions } from './product/ProductQuestions.tsx';
export { PRODUCT_QUESTIONS_TEXT } from './product/ProductQuestions.tsx';
export { default as ProductReviews } from './product/ProductReviews.tsx';

export * from './account/AccountHead.tsx';
export * from './account/AddressCard.tsx';
export * from './account/SignInForm.tsx';

export * from './orders/LoadingLine.tsx';
export * from './orders/OrderDetail.tsx';
export * from './orders/OrderList.tsx';

export * from './wallet/Wallet.tsx';

export * from './content/Blog.tsx';
export * from './content/ContentFrame.tsx';
export * from './content/Indexes.tsx';
export * from './content/Support.tsx';
