// etcdctl's exit codes (etcdctl/ctlv3/command/error.go, after tldp.org's exit codes).
export const EXIT_SUCCESS = 0;
export const EXIT_ERROR = 1;
export const EXIT_BAD_CONNECTION = 2;
/** for txn and watch input */
export const EXIT_INVALID_INPUT = 3;
/** a valid flag with an unsupported value */
export const EXIT_BAD_FEATURE = 4;
export const EXIT_INTERRUPTED = 5;
export const EXIT_BAD_ARGS = 128;
