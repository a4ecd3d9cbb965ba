/**
 * The account pages' head and top ({@link UiAccountHead}) with the page's origin from the render
 * context, the same on the server and in the browser, for the canonical link.
 * @module
 */
import { AccountHead as UiAccountHead, type AccountHeadProps } from '../../../ui/account/AccountHead.tsx';
import { useRenderContext } from '../../render-context.tsx';

/**
 * An account page's head, breadcrumbs and h1.
 * @example <AccountHead title="Manage Account" canonicalPath="/myaccount.asp" crumbs={[{ title: 'My account' }]} />
 */
export function AccountHead(props: Omit<AccountHeadProps, 'origin'>) {
  const { origin } = useRenderContext();
  return <UiAccountHead {...props} origin={origin} />;
}
