/**
 * A mistake of the operator's that a command cannot go past (a file that is not there, a database
 * that is not empty, one in use): its message says what to do and is the whole answer, no stack.
 */
export class OperatorError extends Error {}
