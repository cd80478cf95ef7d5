/**
 * Whether an app is shutting down (shutdown.ts): meanwhile /healthz answers 503 "draining", so that
 * a proxy sends it nothing new, and every answer closes its connection.
 */
const draining = new WeakSet<object>();

/** How soon a stopping instance's event streams reconnect, through the proxy, to another instance. */
export const RECONNECT_MS = 1_000;

export const startDraining = (app: object): void => { draining.add(app); };

export const isDraining = (app: object): boolean => draining.has(app);
