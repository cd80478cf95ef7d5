/** The waiting line was full: the caller should answer "busy, try again". */
export class QueueFullError extends Error {
  constructor() {
    super('The waiting line is full');
    this.name = 'QueueFullError';
  }
}

export type Priority = 'high' | 'low';

interface Waiter {
  priority: Priority;
  start: () => void;
  refuse: (err: QueueFullError) => void;
}

/**
 * Runs at most `concurrency` tasks at once. The others wait in a line of at most `maxWaiting`
 * places, high priority ahead of low, first come first served within a priority. When the line is
 * full, a high-priority task takes the place of the last low-priority one (which is refused), so
 * a burst of low-priority work cannot starve the high; a task that finds no place is refused
 * with QueueFullError at once rather than piling up memory and latency.
 */
export class WorkQueue {
  private running = 0;
  private readonly line: Waiter[] = [];

  constructor(private readonly limits: { concurrency: number; maxWaiting: number }) {}

  get active(): number { return this.running; }

  get waiting(): number { return this.line.length; }

  run<T>(task: () => Promise<T>, priority: Priority = 'low'): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        Promise.resolve().then(task).then(resolve, reject).finally(() => {
          this.running--;
          this.startNext();
        });
      };
      if (this.running < this.limits.concurrency) return start();
      if (this.line.length >= this.limits.maxWaiting && !this.makeRoomFor(priority)) {
        return reject(new QueueFullError());
      }
      const waiter: Waiter = { priority, start, refuse: reject };
      const firstLow = this.line.findIndex((w) => w.priority === 'low');
      if (priority === 'high' && firstLow !== -1) this.line.splice(firstLow, 0, waiter);
      else this.line.push(waiter);
    });
  }

  /** Refuses the last low-priority waiter to free its place for a high-priority task. */
  private makeRoomFor(priority: Priority): boolean {
    const last = this.line.at(-1); // the low-priority waiters are at the end of the line
    if (priority !== 'high' || last?.priority !== 'low') return false;
    this.line.pop();
    last.refuse(new QueueFullError());
    return true;
  }

  private startNext(): void {
    while (this.running < this.limits.concurrency && this.line.length > 0) this.line.shift()!.start();
  }
}
