/**
 * A reason the server must not start (an unreadable secrets file, keys that do not open the
 * stored data). Its message is for the operator and is printed alone, without a stack.
 */
export class StartupError extends Error {}
