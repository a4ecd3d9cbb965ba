/**
 * The storefront chrome: the pieces every page shares (header, footer, cart overlay, toasts,
 * popups, modal, breadcrumbs, spinner).
 * @module
 */
export * from './AnnouncementBar.tsx';
export * from './Header.tsx';
export * from './SearchBox.tsx';
export * from './SearchBoxLive.tsx';
export * from './AccountMenu.tsx';
export * from './CartOverlay.tsx';
export * from './Footer.tsx';
export * from './ExitIntentPopup.tsx';
export * from './Toasts.tsx';
export * from './Spinner.tsx';
export * from './Modal.tsx';
export * from './Breadcrumbs.tsx';
export * from './useNavigation.ts';
