// A command-line script's output piped into a reader that stops early (`| head`): Node
// reports the closed pipe as an unhandled 'error' event (EPIPE) with a stack trace. A Unix
// tool just stops; so do ours, with the exit code already decided (process.exitCode).
/** @param {NodeJS.WriteStream} [stream] */
export function exitQuietlyOnClosedPipe(stream = process.stdout) {
  stream.on('error', (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit();
    throw error;
  });
}
