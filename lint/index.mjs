// typescript-eslint parses with TypeScript's JavaScript API (ts.createSourceFile), which TypeScript 7
// no longer ships: its `typescript` package is the native compiler and exports only its version.
// This package gives typescript-eslint a TypeScript 6.0 of its own in lint/node_modules (the
// override in the root package.json keeps ts-api-utils there too), while `tsc` and the project
// stay on TypeScript 7. It can go once typescript-eslint runs on TypeScript 7's API (due in 7.1).
export { default } from 'typescript-eslint';
