/*
 * The part of csv-stringify/browser/esm/sync the admin uses, as tsconfig.admin.json types it. The
 * package's own declarations start with `/// <reference types="node" />` (for the stream API that
 * the browser build does not even have), which would hand the whole admin Node's globals and hide
 * a `process` or `Buffer` that cannot run in the browser. Vite bundles the real module; the other
 * tsconfigs read the package's own types.
 */
export declare function stringify(input: Record<string, unknown>[] | unknown[][], options?: { header?: boolean }): string;
