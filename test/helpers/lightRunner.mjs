// The runner of the unit and API projects (jest.config.ts): jest-light-runner, in child processes
// always. Asked for one worker (-i, or Jest's default on two cores) it would run the files in Jest's
// own process, where the projects of a run share one instance of its modules: the API suite's
// second project would run on the first one's database. So it is asked for two at least.
import LightRunner from 'jest-light-runner/child-process';

export default class ChildProcessRunner extends LightRunner {
  constructor(globalConfig, context) {
    super({ ...globalConfig, maxWorkers: Math.max(2, globalConfig.maxWorkers) }, context);
  }
}
