/**
 * A reason a backup, restore or key rotation stopped. Its message is for the operator and is
 * printed alone, without a stack; nothing was changed unless the message says otherwise.
 */
export class OperationError extends Error {}
