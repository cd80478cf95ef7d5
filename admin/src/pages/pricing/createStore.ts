import { useSyncExternalStore } from 'react';

/** A value held outside React's state, with the components that read it told of each change. */
export interface Store<T> {
  get: () => T;
  /** The next value, or a function of the current one; listeners hear of it only when it is another value. */
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A store for what many cells of the pricing grid read and a key changes: the focused cell, the
 * order being typed. Each cell reads its own part through a selector (useStoreValue) and redraws
 * when that part changes, where a context would redraw every cell of every row at each key.
 */
export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

/**
 * The part of a store's value that `select` reads; the component redraws when that part changes
 * (by Object.is), so a selector answers a primitive or a value kept in the store as it is.
 */
export function useStoreValue<T, S>(store: Store<T>, select: (value: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
