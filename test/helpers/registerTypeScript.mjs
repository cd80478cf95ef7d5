// The first setup file of the projects jest-light-runner runs (jest.config.ts): it imports the test
// files as Node does, so TypeScript is compiled by tsx's hooks, registered in the worker alone. As
// NODE_OPTIONS=--import tsx they would reach every child process a test starts, the compiled server's too.
import { register as registerModules } from 'tsx/esm/api';
import { register as registerRequire } from 'tsx/cjs/api';

registerModules();
registerRequire();
