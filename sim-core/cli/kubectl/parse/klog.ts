// A klog line as kubectl writes it on stderr: `E1122 03:25:40.822980    6927 run.go:72] msg`
// (severity, month and day, time to the microsecond, the thread id padded to 7, file:line).
// The time is the simulated clock's; the thread id is the simulated process's, fixed at 1.
import { klogTime } from '../clock';

export const SIMULATED_PID = 1;

export function klogLine(severity: 'F' | 'E' | 'W' | 'I', tick: number, where: string, message: string): string {
  return `${severity}${klogTime(tick)} ${String(SIMULATED_PID).padStart(7)} ${where}] ${message}`;
}
