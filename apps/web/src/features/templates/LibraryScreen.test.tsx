// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { Provider as UrqlProvider, type Client, type Operation } from 'urql';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fromValue, never } from 'wonka';
import type { ClientRoute } from '../../app/routes';
import { AppStoreProvider } from '../../app/store/AppStoreProvider';
import { mountInJsdom, setUpJsdomMantine } from '../../lib/testing/mountInJsdom';
import { LibraryScreen } from './LibraryScreen';

setUpJsdomMantine();

// The screen's frame (the title reads the session's branding) and the workspace are not under test.
vi.mock('../../components/ScreenHeader', () => ({ ScreenHeader: () => null }));
vi.mock('../clients', () => ({
  useCurrentClient: () => ({ id: 'c1', name: 'Acme' }),
}));

const tag = (id: string, label: string, group = 'STYLE', groupLabel = 'Style') => ({
  count: 2,
  tag: { id, key: label.toLowerCase(), group, groupLabel, label },
});
const tagFilters = [
  tag('t-minimal', 'Minimal'),
  tag('t-bold', 'Bold'),
  tag('t-logo', 'Logo', 'FEATURES', 'Features'),
];

/** The tag ids of every library query the screen sent, in order. */
let libraryQueries: string[][] = [];

/** Answers the tag filters, and each library query with no template (the grid is not under test). */
const fakeClient = {
  suspense: false,
  executeQuery: (operation: Operation) => {
    const name = operation.query.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
    if (name === 'TemplateLibraryTagFilters')
      return fromValue({
        operation,
        data: { templateLibraryTagFilters: tagFilters },
        stale: false,
        hasNext: false,
      });
    if (name === 'TemplateLibrary') {
      libraryQueries.push([...((operation.variables as { tagIds: string[] }).tagIds ?? [])]);
      return fromValue({ operation, data: { templateLibrary: [] }, stale: false, hasNext: false });
    }
    return never;
  },
  executeMutation: () => never,
  executeSubscription: () => never,
} as unknown as Client;

const route = { path: 'products/templates/library/', title: 'Template library' } as ClientRoute;

function render(search: string) {
  let location = '';
  function LocationProbe() {
    const current = useLocation();
    location = current.search;
    return null;
  }
  const host = mountInJsdom(
    <AppStoreProvider>
      <UrqlProvider value={fakeClient}>
        <MemoryRouter initialEntries={[`/clients/c1/products/templates/library/${search}`]}>
          <LibraryScreen route={route} />
          <LocationProbe />
        </MemoryRouter>
      </UrqlProvider>
    </AppStoreProvider>,
  );
  const checkbox = (label: string) =>
    [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) =>
      input.labels?.[0]?.textContent?.startsWith(label),
    );
  const checked = () =>
    [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((input) => input.checked)
      .map((input) => input.labels?.[0]?.textContent);
  return { host, checkbox, checked, location: () => new URLSearchParams(location).getAll('tag') };
}

const click = (element: HTMLElement | undefined) => {
  if (!element) throw new Error('nothing to click');
  act(() => element.click());
};

beforeEach(() => {
  libraryQueries = [];
});

describe('the template library opened with ?tag=', () => {
  it('starts with every tag of the link selected and asks for templates carrying them', () => {
    const { checked } = render('?tag=t-minimal&tag=t-logo');
    expect(checked()).toEqual(['Minimal (2)', 'Logo (2)']);
    expect(libraryQueries[0]).toEqual(['t-minimal', 't-logo']);
  });

  it('says so when no starter template has the tags of the link, and clears them', () => {
    const { host, checked, location } = render('?tag=t-bold');
    expect(host.textContent).toContain('No starter template has all the selected tags.');
    click([...host.querySelectorAll('button')].find((b) => b.textContent === 'Clear filters'));
    expect(checked()).toEqual([]);
    expect(location()).toEqual([]);
    expect(libraryQueries.at(-1)).toEqual([]);
  });

  it('keeps the URL in step with the checkboxes', () => {
    const { checkbox, checked, location } = render('?tag=t-minimal');
    click(checkbox('Bold'));
    expect(location()).toEqual(['t-minimal', 't-bold']);
    expect(checked()).toEqual(['Minimal (2)', 'Bold (2)']);
    expect(libraryQueries.at(-1)).toEqual(['t-minimal', 't-bold']);
    click(checkbox('Minimal'));
    expect(location()).toEqual(['t-bold']);
    expect(checked()).toEqual(['Bold (2)']);
  });

  it('opens with nothing selected without a tag, and a repeated tag counts once', () => {
    expect(render('').checked()).toEqual([]);
    const { checked, location } = render('?tag=t-logo&tag=t-logo');
    expect(checked()).toEqual(['Logo (2)']);
    expect(libraryQueries.at(-1)).toEqual(['t-logo']);
    expect(location()).toEqual(['t-logo', 't-logo']);
  });
});
