import type { Circus } from '@jest/types';
import { addEventHandler } from 'jest-circus';
import { TEST_TIMEOUT_MS } from '../../jest.config';

let stopped = false;
/**
 * Whether a test or hook was stopped by its limit since the last call: its code may still be
 * running (a limit stops the waiting, not the code), so browser.ts gives its pages to no other test.
 */
export function stoppedByTimeLimit(): boolean {
  const was = stopped;
  stopped = false;
  return was;
}

/** `fn`, failing once it has run `ms` without settling. */
export function limited<Fn extends Circus.TestFn | Circus.HookFn>(fn: Fn, ms: number): Fn {
  return function withinLimit(this: Circus.TestContext) {
    let timer: NodeJS.Timeout | undefined;
    const overtime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stopped = true;
        reject(new Error(`Exceeded timeout of ${ms} ms for a test or hook.`));
      }, ms);
    });
    return Promise.race([Promise.resolve().then(() => (fn as () => unknown).call(this)), overtime]).finally(() => clearTimeout(timer));
  } as Fn;
}

/**
 * jest-light-runner (jest.config.ts) runs tests and hooks without a time limit: a hung one would
 * hold the run until CI's. So each is limited as Jest limits it, by the timeout it was given or
 * Jest's, as it is added (jest-circus tells its event handlers after its own).
 */
addEventHandler((event, state) => {
  if (event.name === 'add_test') {
    const test = state.currentDescribeBlock.children.at(-1);
    if (test?.type === 'test' && test.name === event.testName && test.fn) test.fn = limited(test.fn, event.timeout ?? TEST_TIMEOUT_MS);
  } else if (event.name === 'add_hook') {
    const hook = state.currentDescribeBlock.hooks.at(-1);
    if (hook && hook.fn === event.fn) hook.fn = limited(hook.fn, event.timeout ?? TEST_TIMEOUT_MS);
  }
});
