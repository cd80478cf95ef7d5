import { createElement, lazy, useState, type ComponentType } from 'react';

/** A page loaded on demand whose code can be asked for ahead of its first render. */
export type PreloadablePage = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy, except that a page whose module is already there when it is first drawn is drawn at
 * once rather than through its Suspense fallback. A page that suspends shows the spinner, and
 * React 19 then holds the page back until 300 ms after the spinner appeared (its throttle of
 * Suspense reveals), however soon the code arrives: 300 of the order list's first second
 * (bench/results/browser.md). `preload` starts the download, once (again after a failure).
 */
export function preloadablePage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }, (error: unknown) => {
      // A failed download is tried again by the next call: the page's own, which reports it.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  const Page = () => {
    // Chosen once for the page's life: a component that changed under it would draw it anew.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  };
  return Object.assign(Page, { preload });
}
