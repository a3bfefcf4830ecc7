/**
 * Component tests in jsdom (a test file starting `// @vitest-environment jsdom`): what Mantine needs that
 * jsdom lacks, and a React root inside MantineProvider that the test unmounts after each test.
 */
import { MantineProvider } from '@mantine/core';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Installs jsdom's missing matchMedia, ResizeObserver and document.fonts, and unmounts and clears the page after each test. */
export function setUpJsdomMantine(): void {
  beforeAll(() => {
    // Mantine reads the colour scheme and sizes through these, which jsdom does not have.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    // An autosizing textarea listens for fonts loading.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      });
  });
  afterEach(() => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    document.body.innerHTML = '';
  });
}

const roots: Root[] = [];

/** Renders `node` inside MantineProvider into a new element of the page; returns that element. */
export function mountInJsdom(node: ReactNode): HTMLElement {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  roots.push(root);
  act(() => root.render(<MantineProvider>{node}</MantineProvider>));
  return host;
}
