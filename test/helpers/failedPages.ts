import fs from 'node:fs';
import path from 'node:path';
import type { Circus } from '@jest/types';
import { addEventHandler } from 'jest-circus';
import { openPages } from './browser';

/*
 * A browser test that fails says what its pages showed then: each open page's address and the
 * start of its visible text, added to the failure (a CI log keeps it, where a picture would be
 * lost), and its picture in test-results/failures/. A flake seen once in a run of the whole suite
 * can then be told from the log: which screen, which language, which message (the e2e project's
 * setup, after testTimeouts.ts, so that a test run out of time is reported too).
 */
export const FAILURES = path.resolve(__dirname, '../../test-results/failures');
/** How much of a page's text the failure shows. */
const TEXT_SHOWN = 1_500;
/** How long a page has to answer: one that hangs is named without its text. */
const ANSWER_MS = 5_000;

const within = <T>(work: Promise<T>, ms: number): Promise<T> => Promise.race([work,
  new Promise<never>((_, reject) => { setTimeout(() => reject(new Error('no answer')), ms).unref(); })]);

/** What each open page shows: its address, its picture's file and the start of its text. */
export async function pagesShown(testName: string): Promise<string> {
  const pages = await openPages();
  fs.mkdirSync(FAILURES, { recursive: true });
  const shown = await Promise.all(pages.map(async (page, index) => {
    const file = path.join(FAILURES, `${testName.replace(/[^\w-]+/g, '_').slice(0, 100)}-${index + 1}.png`);
    try {
      const [text] = await within(Promise.all([page.evaluate(() => document.body?.innerText ?? ''), page.screenshot({ path: file })]), ANSWER_MS);
      return `${page.url()} (${path.relative(process.cwd(), file)}):\n${text.replace(/\n\s*\n/g, '\n').slice(0, TEXT_SHOWN)}`;
    } catch {
      return `${page.url()}: did not answer`;
    }
  }));
  return shown.length > 0 ? shown.join('\n\n') : 'no page was open';
}

/** A test's name as Jest prints it: its describe blocks' names, then its own. */
function fullName(block: Circus.DescribeBlock | undefined, name: string): string {
  const names = [name];
  for (let at = block; at?.parent; at = at.parent) names.unshift(at.name);
  return names.join(' ');
}

/** `fn`, whose failure ends with what the open pages showed (pagesShown). */
export function reportingPages(fn: (this: Circus.TestContext) => unknown, testName: string) {
  return async function withPagesShown(this: Circus.TestContext) {
    try {
      return await fn.call(this);
    } catch (error) {
      if (error instanceof Error) error.stack = `${error.stack ?? error.message}\n\nThe open pages as the test failed:\n${await pagesShown(testName)}`;
      throw error;
    }
  };
}

addEventHandler((event, state) => {
  if (event.name !== 'add_test') return;
  const test = state.currentDescribeBlock.children.at(-1);
  if (test?.type !== 'test' || test.name !== event.testName || !test.fn) return;
  test.fn = reportingPages(test.fn as (this: Circus.TestContext) => unknown, fullName(state.currentDescribeBlock, test.name)) as Circus.TestFn;
});
