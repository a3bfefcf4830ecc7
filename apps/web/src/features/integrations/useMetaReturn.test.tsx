// @vitest-environment jsdom
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../app/store/appStore';
import { AppStoreProvider } from '../../app/store/AppStoreProvider';
import { mountInJsdom, setUpJsdomMantine } from '../../lib/testing/mountInJsdom';
import { useMetaReturn } from './useMetaReturn';

setUpJsdomMantine();

/** Runs the hook and shows the URL's query and the notifications it raised. */
function Probe() {
  useMetaReturn();
  const location = useLocation();
  const { notifications } = useAppStore();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <ul>
        {notifications.map((notification) => (
          <li key={notification.id} data-kind={notification.kind}>
            {notification.message}
          </li>
        ))}
      </ul>
    </>
  );
}

function arrive(search: string) {
  const host = mountInJsdom(
    <AppStoreProvider>
      <MemoryRouter initialEntries={[`/clients/c1/integrations/${search}`]}>
        <Probe />
      </MemoryRouter>
    </AppStoreProvider>,
  );
  return {
    search: () => host.querySelector('[data-testid="search"]')?.textContent,
    notices: () => [...host.querySelectorAll('li')].map((li) => [li.dataset.kind, li.textContent]),
  };
}

describe('the return from Meta’s consent page', () => {
  it('says Meta is connected once, and takes the parameter off the URL', () => {
    const page = arrive('?meta=connected');
    expect(page.notices()).toEqual([['success', 'Meta is connected. Pick the ad accounts to sync.']]);
    expect(page.search()).toBe('');
  });

  it('gives Meta’s reason for a failure, and keeps the URL’s other parameters', () => {
    const page = arrive('?tab=x&meta=error&message=Permissions+error');
    expect(page.notices()).toEqual([['error', 'Meta was not connected: Permissions error']]);
    expect(page.search()).toBe('?tab=x');
  });

  it('says nothing on an ordinary visit', () => {
    const page = arrive('?tab=x');
    expect(page.notices()).toEqual([]);
    expect(page.search()).toBe('?tab=x');
  });
});
