// A container's process over simulated time: what it writes to its log and when, and
// whether and when it exits. A program is a list of operations (shell.ts compiles a
// command line to them; an image's own server is a few lines then a wait without end),
// run from the tick the container started. A run writes nothing until its log is read:
// ContainerLog asks it for the lines up to a tick, and it runs that far — so a thousand
// idle containers cost nothing, and the same start tick gives the same lines whenever
// they are read. Time passes only in `sleep`; an operation otherwise takes no time.
import { TICKS_PER_SECOND } from './backoff';
import type { LogText } from './images';
import { busyboxDate } from './logFormats';
import type { Arith, Op, Word } from './shell';

/** What a run's `serve` operation writes: the image's server starting. */
export interface ServerStart {
  /** the executable names that start it */
  names: readonly string[];
  lines: readonly LogText[];
}

/** How a program ends: its exit code, `afterTicks` from its start. */
export interface ProgramExit {
  afterTicks: number;
  code: number;
}

/** The state of one run: where it is, its clock (ticks since its start), its shell variables. */
interface RunState {
  pc: number;
  /** ticks since the start */
  t: number;
  status: number;
  vars: Map<string, string>;
  /** each `for` loop's next item */
  forIndex: number[];
  /** each `while` loop's clock at its turn's start (a turn takes at least a tick) */
  turnStart: number[];
  /** sleeping until this many ticks since the start */
  wake: number | undefined;
  /** ended (the exit code), or blocked for good (a server, `sleep infinity`) */
  ended: number | undefined;
  forever: boolean;
}

/** A line as the run produced it: the tick (since the start) and its text, or only counted. */
type Emit = ((t: number, text: LogText) => void) | undefined;

/** A program a container runs: operations, and how it ends (found once, by running it ahead). */
export class ProcessProgram {
  readonly exit: ProgramExit | undefined;
  /** each `cmd` operation's words when they expand to themselves (no $): worked out once, not on every turn of a loop */
  private readonly fixedArgv: (readonly string[] | undefined)[];

  constructor(
    readonly ops: readonly Op[],
    private readonly server: ServerStart | undefined,
    /** the shortest run: a shell script that ends at once still takes this long (a simulated second) */
    private readonly minTicks = 0,
  ) {
    this.fixedArgv = ops.map((op) => (op.k === 'cmd' && op.words.every((w) => w.parts.every((p) => 'lit' in p)) ? op.words.map((w) => expand(w, undefined)).filter((t, i) => t !== '' || op.words[i]?.quoted === true) : undefined));
    this.exit = this.findExit();
  }

  /** A run of it by a container started at `startTick` with this Pod IP. */
  start(startTick: number, podIP: string): ProcessRun {
    return new ProcessRun(this, startTick, podIP);
  }

  /**
   * Run ahead without writing: the end of the script, an `exit`, or a wait without end.
   * Control flow never depends on a variable (there is no `test`), so a `while` loop that
   * has gone round once without leaving goes round forever.
   */
  private findExit(): ProgramExit | undefined {
    const s = newState();
    for (let steps = 0; steps < 100_000; steps++) {
      if (s.wake !== undefined) {
        s.t = s.wake;
        s.wake = undefined;
      }
      if (this.step(s, undefined) === 'looped' || s.forever) return undefined;
      if (s.ended !== undefined) return { afterTicks: Math.max(this.minTicks, s.t), code: s.ended };
    }
    return undefined;
  }

  /** Run one operation (a `cmd` that sleeps sets `wake` and returns). */
  step(s: RunState, emit: Emit): 'looped' | undefined {
    const op = this.ops[s.pc];
    if (op === undefined) {
      s.ended = s.status;
      return undefined;
    }
    s.pc++;
    switch (op.k) {
      case 'jump':
        s.pc = op.to;
        return undefined;
      case 'jumpIf':
        if ((s.status === 0) === (op.when === 'ok')) s.pc = op.to;
        return undefined;
      case 'status':
        s.status = op.code;
        return undefined;
      case 'turn':
        s.turnStart[op.slot] = s.t;
        return undefined;
      case 'loop':
        // a busy loop still takes a tick per turn (the simulation's resolution)
        if (s.turnStart[op.slot] === s.t) s.t++;
        s.pc = op.head;
        return 'looped';
      case 'forStart':
        s.forIndex[op.slot] = 0;
        return undefined;
      case 'forNext': {
        const i = s.forIndex[op.slot] ?? 0;
        const item = op.items[i];
        if (item === undefined) {
          s.pc = op.end;
          s.status = 0;
          return undefined;
        }
        s.forIndex[op.slot] = i + 1;
        s.vars.set(op.name, expand(item, s));
        return undefined;
      }
      case 'cmd':
        this.command(op, this.fixedArgv[s.pc - 1] ?? expandArgv(op.words, s), s, emit);
        return undefined;
      case 'write':
        for (const line of op.lines) emit?.(s.t, line);
        return undefined;
      case 'wait':
        if (op.ticks === Infinity) s.forever = true;
        else s.wake = s.t + op.ticks;
        return undefined;
    }
  }

  private command(op: Extract<Op, { k: 'cmd' }>, words: readonly string[], s: RunState, emit: Emit): void {
    if (words.length === 0) {
      for (const a of op.assigns) s.vars.set(a.name, expand(a.value, s));
      s.status = 0;
      return;
    }
    // `exec CMD`: the shell becomes CMD (which here runs as it would have anyway)
    const skip = words[0] === 'exec' && words.length > 1 ? 1 : 0;
    const path = words[skip] as string;
    const name = path.slice(path.lastIndexOf('/') + 1);
    const args = words.slice(skip + 1);
    const out = op.toFile ? undefined : emit;
    s.status = 0;
    switch (name) {
      case 'echo': {
        let i = 0;
        let escapes = false;
        while (args[i]?.startsWith('-') === true && /^-[neE]+$/.test(args[i] as string)) escapes = (args[i++] as string).includes('e') || escapes;
        let text = i === 0 ? args.join(' ') : args.slice(i).join(' ');
        if (escapes) text = text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
        if (!text.includes('\n')) out?.(s.t, text);
        else for (const line of text.split('\n')) out?.(s.t, line);
        return;
      }
      case 'date':
        // busybox date's default format; a format of its own is not simulated
        if (args.length === 0 || (args.length === 1 && args[0] === '-u')) out?.(s.t, (at) => busyboxDate(at.tick));
        return;
      case 'sleep': {
        const ticks = sleepTicks(args);
        if (ticks === undefined) s.status = 1;
        else if (ticks === Infinity) s.forever = true;
        else s.wake = s.t + ticks;
        return;
      }
      case 'exit':
        s.ended = args[0] !== undefined && /^\d+$/.test(args[0]) ? Number(args[0]) % 256 : s.status;
        return;
      case 'false':
        s.status = 1;
        return;
      case 'tail':
        if (args.includes('-f') || args.includes('-F')) s.forever = true;
        return;
      default:
        // the image's own server, started by name (nginx -g 'daemon off;'): its lines, then it serves
        if (this.server?.names.includes(name) === true) {
          for (const line of this.server.lines) out?.(s.t, line);
          s.forever = true;
        }
      // anything else (true, :, a command the simulation does not run) succeeds at once, silently
    }
  }
}

function newState(): RunState {
  return { pc: 0, t: 0, status: 0, vars: new Map(), forIndex: [], turnStart: [], wake: undefined, ended: undefined, forever: false };
}

function copyState(s: RunState): RunState {
  return { ...s, vars: new Map(s.vars), forIndex: [...s.forIndex], turnStart: [...s.turnStart] };
}

/** busybox sleep: numbers of seconds (fractions allowed) with an optional s/m/h/d suffix, added up; `infinity`. */
function sleepTicks(args: readonly string[]): number | undefined {
  if (args.length === 0) return undefined;
  let total = 0;
  for (const a of args) {
    if (a === 'inf' || a === 'infinity') return Infinity;
    const m = /^(\d+(?:\.\d*)?|\.\d+)([smhd]?)$/.exec(a);
    if (!m) return undefined;
    const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
    total += Number(m[1]) * unit;
  }
  return Math.round(total * TICKS_PER_SECOND);
}

/** A word as the shell expands it when the command runs (`$(date)` reads the run's clock through its text; no state: literal text only). */
function expand(w: Word, s: RunState | undefined): string {
  let out = '';
  for (const p of w.parts) {
    if ('lit' in p) out += p.lit;
    else if (s === undefined) continue;
    else if ('param' in p) out += p.param === '?' ? String(s.status) : (s.vars.get(p.param) ?? '');
    else if ('arith' in p) out += String(evalArith(p.arith, s));
    else out += DATE_MARK;
  }
  return out;
}

/** A command's words expanded: one that expands to nothing is dropped unless quoted. */
function expandArgv(words: readonly Word[], s: RunState): string[] {
  const out: string[] = [];
  for (const w of words) {
    const text = expand(w, s);
    if (text !== '' || w.quoted) out.push(text);
  }
  return out;
}

/**
 * `$(date)` inside a word: a mark replaced by the date when the line is written (a word is
 * expanded when its command runs, and the clock is the line's own).
 */
const DATE_MARK = '\u0000date\u0000';

function evalArith(e: Arith, s: RunState): number {
  if ('num' in e) return e.num;
  if ('name' in e) return Math.trunc(Number(s.vars.get(e.name) ?? '0')) || 0;
  if ('neg' in e) return -evalArith(e.neg, s);
  const a = evalArith(e.a, s);
  const b = evalArith(e.b, s);
  switch (e.op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return Math.imul(a, b);
    case '/':
      return b === 0 ? 0 : Math.trunc(a / b);
    case '%':
      return b === 0 ? 0 : a % b;
  }
}

/** One run of a program, from its container's start: the lines it writes, produced as far as they are asked for. */
export class ProcessRun {
  private readonly s = newState();

  constructor(
    private readonly program: ProcessProgram,
    /** the tick its container started: the run's clock counts from it */
    readonly startTick: number,
    private readonly podIP: string,
  ) {}

  /** Produce the lines written up to tick `until`, in order, each with the tick it was written at. */
  writeUntil(until: number, write: (at: number, text: string) => void): void {
    this.run(this.s, until - this.startTick, (t, text) => write(this.startTick + t, this.text(text, t)));
  }

  /** The tick it writes its next line at, if it does by tick `horizon`. */
  nextLineAt(horizon: number): number | undefined {
    let at: number | undefined;
    this.run(copyState(this.s), horizon - this.startTick, (t) => (at ??= t), () => at !== undefined);
    return at === undefined ? undefined : this.startTick + at;
  }

  /**
   * Step `s` until its next wake-up is after `until`, it ends or blocks for good, or `stop`
   * says so. A line is written at the run's clock when its command runs.
   */
  private run(s: RunState, until: number, emit: (t: number, text: LogText) => void, stop?: () => boolean): void {
    const program = this.program;
    for (;;) {
      if (s.ended !== undefined || s.forever || stop?.() === true) return;
      if (s.wake !== undefined) {
        if (s.wake > until) return;
        s.t = s.wake;
        s.wake = undefined;
      }
      if (s.t > until) return;
      program.step(s, emit);
    }
  }

  private text(text: LogText, t: number): string {
    const at = { tick: this.startTick + t, podIP: this.podIP };
    const line = typeof text === 'string' ? text : text(at);
    return line.includes(DATE_MARK) ? line.split(DATE_MARK).join(busyboxDate(at.tick)) : line;
  }
}
