export const GRADING_WORKER_BUNDLE: string;
export function bundleEntry(entry: string, outfile: string): void;
export function bundleGradingWorker(): void;
