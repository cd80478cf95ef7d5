// The runner of the unit and API projects (jest.config.ts): jest-light-runner, in child processes
// always. Asked for one worker (-i, or Jest's default on two cores) it would run the files in Jest's
// own process, where the projects of a run share one instance of its modules: the API suite's
// second project would run on the first one's database. So it is asked for two at least.
import LightRunner from 'jest-light-runner/child-process';

export default class ChildProcessRunner extends LightRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: Math.max(2, globalConfig.maxWorkers) }, context);
  }

  /**
   * Each file gets a channel of its own that answers its worker's one request for the run's data.
   * jest-light-runner (0.7.9, and 0.8.2 alike) gives all the files of a project one channel, which
   * sends the data to every worker given a file but not yet answered, whichever asked: a worker
   * still loading then misses it, asks later, finds no one left to answer and waits for ever with
   * its file, as the next files queue behind the one worker left (a browser suite hung so, two of
   * its three workers idle). test/unit/lightRunner.test.ts starts one worker late.
   */
  _runTest(test) {
    const started = super._runTest(test);
    const runner = this._testRunners.get(test.context.config);
    if (!runner.ownChannels) {
      const workerData = { globalConfig: this._globalConfig, projectConfig: test.context.config, runtime: 'child_process' };
      runner.run = (next) => runner.pool.run(next.path, { channel: workerDataChannel(workerData) });
      runner.ownChannels = true;
    }
    return started;
  }
}

/** A file's channel: the worker that runs it asks once for the run's data, and is answered. */
function workerDataChannel(workerData) {
  let worker;
  return {
    onMessage(listener) { worker = listener; },
    postMessage(message) {
      if (message === 'jest-light-runner-get-worker-data') worker?.({ type: 'jest-light-runner-worker-data', workerData });
    },
  };
}
