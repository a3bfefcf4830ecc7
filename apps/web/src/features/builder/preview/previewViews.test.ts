/**
 * The preview's views rendered to static HTML (react-dom/server): the web app's vitest runs in Node
 * without a DOM, so these check what each state shows, not clicks or effects.
 */
import { MantineProvider } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PREVIEW_MESSAGES } from './adGenerationJob';
import { PreviewItemList } from './PreviewItemList';
import { initialPreviewState, previewItemsQuery, previewReducer, type PreviewState } from './previewState';
import { ServerPreviewBody } from './ServerPreviewBody';
import { testItem } from './testItems';
import type { ServerPreviewView } from './useServerPreview';

// Without Mantine's global style tags, so the markup is the component's alone.
const html = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(MantineProvider, { withGlobalClasses: false, withCssVariables: false }, element),
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
const text = (element: ReactElement) =>
  html(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const noop = () => undefined;

const serverPreview = (view: ServerPreviewView) =>
  createElement(ServerPreviewBody, { view, itemTitle: 'Red shoe', onRetry: noop });

describe('ServerPreviewBody', () => {
  it('asks to save the template first, then to pick an item', () => {
    expect(text(serverPreview({ phase: 'needsTemplate' }))).toBe(
      'Save the template to see it generated on the server.',
    );
    expect(text(serverPreview({ phase: 'needsItem' }))).toBe(
      'Pick an item to see the saved template generated with it.',
    );
  });

  it('shows progress while the job starts and runs', () => {
    for (const view of [
      { phase: 'starting' },
      { phase: 'waiting', jobId: 'j' },
      { phase: 'polling', jobId: 'j' },
    ] as const)
      expect(text(serverPreview(view))).toBe('Generating the preview…');
  });

  it('shows the generated ad', () => {
    const markup = html(serverPreview({ phase: 'ready', adUrl: '/files/ad.png' }));
    expect(markup).toContain('src="/files/ad.png"');
    expect(markup).toContain('alt="Server preview of Red shoe"');
  });

  it.each(Object.values(PREVIEW_MESSAGES))('shows ‘%s’ word for word, with a retry', (message) => {
    const markup = html(serverPreview({ phase: 'failed', message }));
    expect(text(serverPreview({ phase: 'failed', message }))).toBe(`${message} Try again`);
    expect(markup).toContain('role="alert"');
  });
});

describe('PreviewItemList', () => {
  const list = (state: PreviewState) =>
    createElement(PreviewItemList, { state, dispatch: noop, onReload: noop });
  const chosen = previewReducer(initialPreviewState, { type: 'chooseCatalog', catalogId: 'cat-1' });
  const loaded = (state: PreviewState, ids: string[], total = ids.length) =>
    previewReducer(state, {
      type: 'itemsLoaded',
      query: previewItemsQuery(state)!,
      items: ids.map((id) => testItem(id)),
      total,
    });

  it('shows nothing before a catalogue is chosen, then a loader', () => {
    expect(html(list(initialPreviewState))).toBe('');
    expect(html(list(chosen))).toContain('aria-label="Loading items"');
  });

  it('lists the items with their thumbnails and marks the picked one', () => {
    const state = loaded(chosen, ['a', 'b']);
    const picked = previewReducer(state, { type: 'selectItem', item: state.previewItems[1]! });
    const markup = html(list(picked));
    expect(markup).toContain('src="https://img.test/a.jpg"');
    expect(markup).toContain('Item b');
    expect(markup.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(markup).not.toContain('Next items');
  });

  it('pages when there are more items than fit', () => {
    const markup = text(list(loaded(chosen, ['a', 'b'], 45)));
    expect(markup).toContain('Items 1–2 of 45');
  });

  it('says why the list is empty', () => {
    const searched = previewReducer(chosen, { type: 'search', searchString: 'zebra' });
    expect(text(list(loaded(searched, [])))).toBe(
      'No item matches ‘zebra’. Search looks in ids, titles and brands.',
    );
    expect(text(list(loaded(chosen, [])))).toBe(
      'This catalogue has no items yet. They appear once an import completes.',
    );
  });

  it('shows a failed load with its reason and a retry', () => {
    const failed = previewReducer(chosen, {
      type: 'itemsFailed',
      query: previewItemsQuery(chosen)!,
      message: 'The server could not be reached.',
    });
    expect(text(list(failed))).toBe(
      'The items could not be loaded The server could not be reached. Try again',
    );
  });
});
