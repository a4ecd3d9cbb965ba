/**
 * The footer's newsletter block as the server renders it and the browser hydrates it: a real form
 * post (named fields, the page to come back to) that JavaScript takes over, and the outcome of a
 * post made without JavaScript, read from the page's address, shown until the shopper types.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Footer } from '../../src/ui/shell/Footer.tsx';
import { fakeClient, testEnvironment, wrapper } from '../hooks/hooks.helpers.tsx';

afterEach(cleanup);

function mount(page: string, subscribe = vi.fn(async () => ({ success: true }))) {
  const client = fakeClient({
    subscribe,
    vendors: vi.fn().mockResolvedValue({ vendors: [] }),
    siteReviews: vi.fn().mockResolvedValue({ siteReviews: [], total: 0 }),
  });
  const Wrapper = wrapper(client, testEnvironment({ captcha: { getToken: vi.fn(async () => 'tok') } }));
  render(<Wrapper><Footer navData={[]} year={2026} page={page} /></Wrapper>);
  const block = screen.getByRole('region', { name: 'Subscribe to our newsletter' });
  return { block, subscribe, form: block.querySelector('form') as HTMLFormElement };
}

describe('newsletter form', () => {
  test('is a plain form post: method, action, the named email field and the page to come back to', () => {
    const { form } = mount('/collections/pumps?page=2&newsletter=invalid');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/newsletter/subscribe');
    expect(within(form).getByRole('textbox', { name: 'Email address' }).getAttribute('name')).toBe('email');
    const back = form.querySelector('input[type="hidden"][name="returnTo"]') as HTMLInputElement;
    expect(back.value).toBe('/collections/pumps?page=2');
  });

  test('with JavaScript the submit stays in the page: the machine subscribes, the browser does not post', async () => {
    const { form, subscribe } = mount('/brands');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'ann@example.com' } });
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    await waitFor(() => expect(subscribe).toHaveBeenCalledWith('ann@example.com', 'tok', expect.anything()));
    expect(await within(form).findByText('Please check your email to confirm.')).toBeTruthy();
  });

  test.each([
    ['subscribed', 'Please check your email to confirm.', 'tone-success'],
    ['invalid', 'Invalid subscription request.', 'tone-danger'],
    ['limited', 'Error: Too many attempts. Please try again later.', 'tone-danger'],
    ['failed', 'Error: Failed.', 'tone-danger'],
  ])("the address's outcome %j shows %j until the shopper types", (notice, message, tone) => {
    const { form } = mount(`/brands?newsletter=${notice}`);
    const shown = within(form).getByText(message);
    expect(shown.className).toContain(tone);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'a' } });
    expect(within(form).queryByText(message)).toBeNull();
  });

  test('an address without an outcome, or with one the server never gives, shows no message', () => {
    const { form } = mount('/brands?newsletter=hello');
    expect(form.querySelector('.form-message')).toBeNull();
  });
});
