import { reopenDelay } from '../../admin/src/live/LiveUpdates';

/** A refused event stream comes back later at each refusal in a row, spread out, and never waits past two minutes. */
describe('the live stream\'s reopening after a refusal', () => {
  it('waits 5 s, then doubles at each refusal in a row up to 2 minutes, a fifth either way', () => {
    const spread = (refusals: number) => Array.from({ length: 200 }, () => reopenDelay(refusals));
    for (const [refusals, base] of [[0, 5_000], [1, 10_000], [2, 20_000], [4, 80_000], [5, 120_000], [30, 120_000]]) {
      const delays = spread(refusals);
      expect(Math.min(...delays)).toBeGreaterThanOrEqual(base * 0.8);
      expect(Math.max(...delays)).toBeLessThanOrEqual(base * 1.2);
      // Spread out, not all at one moment.
      expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThan(base * 0.1);
    }
  });
});
