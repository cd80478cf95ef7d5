import { QueueFullError, WorkQueue } from '../../api/src/auth/workQueue';

/** A task that runs until the test releases it, recording its start. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<string>((resolve) => { release = () => resolve(name); });
  return { task: () => { log.push(name); return done; }, release };
}

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkQueue', () => {
  it('never runs more tasks at once than its concurrency', async () => {
    const queue = new WorkQueue({ concurrency: 2, maxWaiting: 100 });
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await settle();
      running--;
    };
    await Promise.all(Array.from({ length: 20 }, () => queue.run(task)));
    expect(most).toBe(2);
    expect(queue.active).toBe(0);
  });

  it('starts high-priority tasks before low, first come first served within each', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 10 });
    const log: string[] = [];
    const first = gate(log, 'busy');
    const all = [queue.run(first.task)];
    for (const [name, priority] of [['low1', 'low'], ['high1', 'high'], ['low2', 'low'], ['high2', 'high']] as const) {
      all.push(queue.run(async () => { log.push(name); return name; }, priority));
    }
    expect(queue.waiting).toBe(4);
    first.release();
    await Promise.all(all);
    expect(log).toEqual(['busy', 'high1', 'high2', 'low1', 'low2']);
  });

  it('refuses a task at once when the line is full', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 1 });
    const log: string[] = [];
    const first = gate(log, 'busy');
    const running = queue.run(first.task);
    const waiting = queue.run(async () => 'waited');
    await expect(queue.run(async () => 'refused')).rejects.toBeInstanceOf(QueueFullError);
    first.release();
    await expect(running).resolves.toBe('busy');
    await expect(waiting).resolves.toBe('waited');
  });

  it('gives a high-priority task the place of the last low-priority one in a full line', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 2 });
    const log: string[] = [];
    const first = gate(log, 'busy');
    const running = queue.run(first.task);
    const low1 = queue.run(async () => 'low1', 'low');
    const low2 = queue.run(async () => 'low2', 'low');
    const high = queue.run(async () => 'high', 'high');
    await expect(low2).rejects.toBeInstanceOf(QueueFullError);
    // A line full of high-priority work refuses high-priority tasks too.
    const high2 = queue.run(async () => 'high2', 'high');
    await expect(low1).rejects.toBeInstanceOf(QueueFullError);
    await expect(queue.run(async () => 'high3', 'high')).rejects.toBeInstanceOf(QueueFullError);
    first.release();
    await expect(Promise.all([running, high, high2])).resolves.toEqual(['busy', 'high', 'high2']);
  });

  it('goes on after a task fails', async () => {
    const queue = new WorkQueue({ concurrency: 1, maxWaiting: 5 });
    const failing = queue.run(async () => { throw new Error('boom'); });
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(queue.active).toBe(0);
  });
});
