/** Exits with process.exitCode, quietly, when `stream` (default stdout) finds its reader gone (EPIPE). */
export function exitQuietlyOnClosedPipe(stream?: NodeJS.WriteStream): void;
