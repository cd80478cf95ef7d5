import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useNotify } from 'react-admin';
import type { ScannedOrder } from '@kernel/orders/printing';
import { useAppDataProvider } from '../providers/dataProvider';
import { answerOf } from '../providers/errorMessages';
import { isPermissionError } from '../providers/permissionNotice';
import { scanBeep } from './scanBeep';

/**
 * A refused scan, said at once and heard: an unknown code, or an order the page cannot take.
 * The same words for a number that exists in another area as for one that does not.
 */
export function useScanRefusal() {
  const notify = useNotify();
  return useCallback((message: string, messageArgs: Record<string, unknown>) => {
    scanBeep();
    notify(message, { type: 'error', messageArgs, autoHideDuration: 4000 });
  }, [notify]);
}

/**
 * Looks scanned codes up (GET /api/orders/lookup) one after another, in the order they came, and
 * hands each order found to `onOrder`: a scanner sends the next code while the last is still being
 * looked up, and none may be lost or overtake another. An unknown code is refused aloud, then
 * `onRefused`, unless `quiet` (the order list's search, where a typed text that is no number just
 * searches).
 */
export function useScanner(onOrder: (order: ScannedOrder) => unknown) {
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refuse = useScanRefusal();
  const queue = useRef<Promise<void>>(Promise.resolve());
  const handler = useRef(onOrder);
  useLayoutEffect(() => {
    handler.current = onOrder;
  });
  return useCallback((typed: string, { quiet = false, onRefused }: { quiet?: boolean; onRefused?: () => void } = {}) => {
    const code = typed.trim();
    if (!code) return;
    queue.current = queue.current.then(async () => {
      try {
        await handler.current(await dataProvider.lookupOrder(code));
      } catch (error) {
        const { status } = answerOf(error);
        // 400 is a code no order can have (too long): as unknown as a 404.
        if (status === 404 || status === 400) {
          if (quiet) return;
          refuse('scan.unknown', { code });
          onRefused?.();
        } else if (!isPermissionError(error)) {
          notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        }
      }
    });
  }, [dataProvider, notify, refuse]);
}

/** Keys closer together than this, on average, come from a scanner rather than a hand. */
const SCANNER_KEY_GAP_MS = 50;
const SHORTEST_CODE = 4;

/**
 * Tells a handheld scanner (a burst of keys, then Enter) from a person typing, in one text box:
 * `onKeyDown` on the box, and `isScan()` when Enter comes.
 */
export function useScanBurst() {
  const burst = useRef({ first: 0, last: 0, keys: 0 });
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key.length !== 1) return;
    const now = event.timeStamp;
    const { first, last, keys } = burst.current;
    const sameBurst = keys > 0 && now - last < SCANNER_KEY_GAP_MS * 4;
    burst.current = sameBurst ? { first, last: now, keys: keys + 1 } : { first: now, last: now, keys: 1 };
  }, []);
  const isScan = useCallback(() => {
    const { first, last, keys } = burst.current;
    burst.current = { first: 0, last: 0, keys: 0 };
    return keys >= SHORTEST_CODE && (last - first) / (keys - 1) < SCANNER_KEY_GAP_MS;
  }, []);
  return { onKeyDown, isScan };
}
